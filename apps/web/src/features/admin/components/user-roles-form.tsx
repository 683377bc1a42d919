import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { AdminUser, Role } from '@pharma/domain/contract/admin';
import { fillLabel, UI } from '../../../config/labels.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { adminRolesGranted, personName } from '../admin-grant.ts';
import { ConfirmAdminDialog } from './confirm-admin-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { FormFooter } from './form-footer.tsx';
import { RolePicker } from './role-picker.tsx';

/** Sets a user's roles; granting a role with the ADMIN right asks first, naming the user. */
export function UserRolesForm({ user, roles, onDone }: { user: AdminUser; roles: Role[]; onDone: () => void }) {
  const [roleIds, setRoleIds] = useState(user.roleIds);
  const [asking, setAsking] = useState<Role[]>([]);
  const mutation = useUpdateUser();
  const name = personName(user);
  const save = () => mutation.mutate({ id: user.id, body: { roleIds } }, { onSuccess: onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const granted = adminRolesGranted(user.roleIds, roleIds, roles);
    if (granted.length) setAsking(granted);
    else save();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fw={600}>{fillLabel(UI.rolesOf, { name })}</Text>
        <RolePicker roles={roles} value={roleIds} onChange={setRoleIds} />
        <ErrorAlert error={mutation.error} />
        <FormFooter>
          <Button type="submit" loading={mutation.isPending} fullWidth>
            {UI.save}
          </Button>
        </FormFooter>
      </Stack>
      <ConfirmAdminDialog
        name={name}
        roles={asking}
        onCancel={() => setAsking([])}
        onConfirm={() => {
          setAsking([]);
          save();
        }}
      />
    </form>
  );
}
