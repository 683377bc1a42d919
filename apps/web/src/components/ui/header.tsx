import type { ReactNode } from 'react';
import { ActionIcon, Burger, Group, Title } from './plain.tsx';
import { UI } from '../../config/labels.ts';
import { BackIcon } from './icons.tsx';

export interface HeaderProps {
  title: string;
  /** undefined hides the back button; disabled renders it inert. */
  onBack?: () => void;
  backDisabled?: boolean;
  menuOpened: boolean;
  onMenu: () => void;
  /** The drawer or dialog the menu button controls. */
  menu?: ReactNode;
}

/** The header on every page: back button, title (h1) and hamburger menu. */
export function Header({ title, onBack, backDisabled, menuOpened, onMenu, menu }: HeaderProps) {
  return (
    <Group
      as="header"
      gap="xs"
      wrap="nowrap"
      justify="space-between"
      style={{ paddingInline: 'var(--mantine-spacing-xs)', height: '100%' }}
    >
      {onBack ? (
        <ActionIcon variant="subtle" size={44} aria-label={UI.back} onClick={onBack} disabled={backDisabled}>
          <BackIcon />
        </ActionIcon>
      ) : (
        <span style={{ width: 44 }} aria-hidden="true" />
      )}
      <Title order={1} size="h4" lineClamp={1} style={{ flex: 1, textAlign: 'center' }}>
        {title}
      </Title>
      <Burger opened={menuOpened} onClick={onMenu} aria-label={UI.menu} aria-expanded={menuOpened} />
      {menu}
    </Group>
  );
}
