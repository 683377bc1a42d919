import { useState } from 'react';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@pharma/domain/contract/admin';
import { UI } from '../../../config/labels.ts';
import { useSession } from '../../../lib/session.ts';
import { useRoles } from '../api/list-roles.ts';
import { useUsers } from '../api/list-users.ts';
import { AdminDialog } from './admin-dialog.tsx';
import { DisableUserDialog } from './disable-user-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { SetPasswordForm } from './set-password-form.tsx';
import { UserCard } from './user-card.tsx';
import { UserForm } from './user-form.tsx';
import { UserRolesForm } from './user-roles-form.tsx';

type Dialog =
  | { kind: 'create' }
  | { kind: 'roles'; user: AdminUser }
  | { kind: 'password'; user: AdminUser }
  | { kind: 'disable'; user: AdminUser }
  | undefined;

/** The Users tab: one card per user (stacked on a handheld), with create, roles, a new password and disable/enable. */
export function UsersPanel() {
  const users = useUsers();
  const roles = useRoles();
  const session = useSession();
  const me = session.status === 'authenticated' ? session.session.user.id : undefined;
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const roleNames = new Map((roles.data ?? []).map((r) => [r.id, r.name]));

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button onClick={() => setDialog({ kind: 'create' })}>{UI.createUser}</Button>
      </Group>
      <ErrorAlert error={users.error ?? roles.error} />
      {users.isPending ? (
        <Center py="xl">
          <Loader aria-label={UI.loading} />
        </Center>
      ) : users.data?.length === 0 ? (
        <Text c="dimmed">{UI.noUsers}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {(users.data ?? []).map((user) => (
            <UserCard
              key={user.id}
              user={user}
              roleNames={user.roleIds.map((id) => roleNames.get(id) ?? id)}
              isSelf={user.id === me}
              onEditRoles={() => setDialog({ kind: 'roles', user })}
              onSetPassword={() => setDialog({ kind: 'password', user })}
              onDisable={() => setDialog({ kind: 'disable', user })}
            />
          ))}
        </SimpleGrid>
      )}
      <AdminDialog opened={dialog?.kind === 'create'} onClose={close} title={UI.createUser}>
        <UserForm roles={roles.data ?? []} onDone={close} />
      </AdminDialog>
      <AdminDialog opened={dialog?.kind === 'roles'} onClose={close} title={UI.editRoles}>
        {dialog?.kind === 'roles' && <UserRolesForm user={dialog.user} roles={roles.data ?? []} onDone={close} />}
      </AdminDialog>
      <AdminDialog opened={dialog?.kind === 'password'} onClose={close} title={UI.setPassword}>
        {dialog?.kind === 'password' && <SetPasswordForm user={dialog.user} onDone={close} />}
      </AdminDialog>
      <DisableUserDialog user={dialog?.kind === 'disable' ? dialog.user : undefined} onClose={close} />
    </Stack>
  );
}
