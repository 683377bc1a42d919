import { Checkbox, Stack } from '@mantine/core';
import type { Role } from '@pharma/domain/contract/admin';
import { UI } from '../../../config/labels.ts';
import { isAdminRole } from '../admin-grant.ts';

/**
 * The roles as a list of checkboxes, always laid out in the form (issue 27): a drop-down list opened
 * over the form covered Save at 360 px, and a tap meant for Save ticked 'Administrator'.
 */
export function RolePicker({ roles, value, onChange }: { roles: Role[]; value: string[]; onChange: (roleIds: string[]) => void }) {
  return (
    <Checkbox.Group label={UI.roles} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {roles.map((role) => (
          <Checkbox key={role.id} value={role.id} label={role.name} description={isAdminRole(role) ? UI.adminRoleHint : undefined} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
