import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Role } from '@pharma/domain/contract/admin';
import { fillLabel, UI } from '../../../config/labels.ts';

/** Granting a role with the ADMIN right asks first, naming the user and the role (issue 27). */
export function ConfirmAdminDialog({
  name,
  roles,
  onConfirm,
  onCancel,
}: {
  name: string;
  /** The roles with the ADMIN right being granted; none: closed. */
  roles: Role[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const params = { name, roles: roles.map((r) => r.name).join(', ') };
  return (
    <Modal opened={roles.length > 0} onClose={onCancel} title={fillLabel(UI.grantAdminTitle, params)} centered zIndex={400}>
      <Stack gap="md">
        <Text>{fillLabel(UI.grantAdminText, params)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {UI.cancel}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {UI.grantAdmin}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
