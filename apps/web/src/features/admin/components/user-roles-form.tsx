import { useState, type FormEvent } from 'react';
import { Button, MultiSelect, Stack, Text } from '@mantine/core';
import type { AdminUser, Role } from '@pharma/domain/contract/admin';
import { fillLabel, UI } from '../../../config/labels.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { ErrorAlert } from './error-alert.tsx';

/** Sets a user's roles. */
export function UserRolesForm({ user, roles, onDone }: { user: AdminUser; roles: Role[]; onDone: () => void }) {
  const [roleIds, setRoleIds] = useState(user.roleIds);
  const mutation = useUpdateUser();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ id: user.id, body: { roleIds } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fw={600}>{fillLabel(UI.rolesOf, { name: `${user.firstName} ${user.lastName}`.trim() || user.email })}</Text>
        <MultiSelect
          label={UI.roles}
          data={roles.map((r) => ({ value: r.id, label: r.name }))}
          value={roleIds}
          onChange={setRoleIds}
          searchable
          size="md"
        />
        <ErrorAlert error={mutation.error} />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {UI.save}
        </Button>
      </Stack>
    </form>
  );
}
