import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** A dialog that fills a handheld's screen and is a centred window elsewhere. */
export function AdminDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const small = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={small} size="lg" centered={!small}>
      {children}
    </Modal>
  );
}
