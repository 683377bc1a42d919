import { useState } from 'react';
import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { VERSION_LABEL, type Application } from '@pharma/domain';
import { Link, useLocation } from 'react-router';
import { fillLabel, NAV_LABELS, UI } from '../../../config/labels.ts';
import { MENU, type NavEntry } from '../../../config/navigation.ts';
import { LeaveDialog } from '../../../components/ui/leave-dialog.tsx';
import { RepackDialog } from '../../../components/ui/repack-dialog.tsx';
import { resetDispatchState } from '../../../lib/client-state.ts';
import { visibleEntries } from '../../../lib/navigation.ts';
import { useSession } from '../../../lib/session.ts';
import { hasUnsentScans, useLogout } from '../../../lib/use-logout.ts';

export interface AppMenuProps {
  area: Application | undefined;
  opened: boolean;
  onClose: () => void;
}

/** A user's name as the menu shows it, the email when the account has none. */
function fullName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The hamburger menu: who is signed in and at which site, the area's entries the user may see, Logout, and the version label. */
export function AppMenu({ area, opened, onClose }: AppMenuProps) {
  const session = useSession();
  const { pathname } = useLocation();
  const logout = useLogout(area);
  const [repackOpen, setRepackOpen] = useState(false);
  // Signing out with unsent scans asks first; they stay queued for this user either way (decision 0026).
  const [askLogout, setAskLogout] = useState(false);
  const signOut = () => {
    if (!hasUnsentScans()) return void logout();
    onClose();
    setAskLogout(true);
  };
  const signedIn = session.status === 'authenticated';
  const entries = area && signedIn ? visibleEntries(MENU[area], area, session.session.authorization) : [];

  const item = (entry: NavEntry) => {
    const { action } = entry;
    if (action.kind === 'repack') {
      const open = () => {
        onClose();
        setRepackOpen(true);
      };
      return <NavLink key={entry.label} component="button" type="button" label={entry.label} onClick={open} aria-haspopup="dialog" />;
    }
    const go = () => {
      if (action.resetDispatch) resetDispatchState();
      onClose();
    };
    return <NavLink key={entry.label} component={Link} to={action.to} label={entry.label} onClick={go} active={pathname === action.to} />;
  };

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size="xs"
        title={UI.menu}
        closeButtonProps={{ 'aria-label': UI.closeMenu }}
      >
        <Stack gap={0}>
          {signedIn && (
            <Stack gap={0} px="sm" pb="xs" aria-label={UI.account} role="group">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {fillLabel(UI.signedInAs, { name: fullName(session.session.user) })}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {session.session.user.email}
              </Text>
              {area && (
                <Text size="xs" c="dimmed">
                  {fillLabel(UI.site, { site: area === 'RDC' ? UI.rdcArea : UI.ldcArea })}
                </Text>
              )}
            </Stack>
          )}
          <nav aria-label={UI.mainNavigation}>{entries.map(item)}</nav>
          {signedIn && (
            <>
              <Divider my="xs" />
              <NavLink component="button" type="button" label={NAV_LABELS.logout} onClick={signOut} />
            </>
          )}
          <Text c="dimmed" size="sm" mt="md" px="sm">
            {VERSION_LABEL}
          </Text>
        </Stack>
      </Drawer>
      <RepackDialog opened={repackOpen} onClose={() => setRepackOpen(false)} />
      {askLogout && (
        <LeaveDialog
          onStay={() => setAskLogout(false)}
          onLeave={() => {
            setAskLogout(false);
            void logout();
          }}
        />
      )}
    </>
  );
}
