import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminUser } from '@pharma/domain/contract/admin';
import { fillLabel, UI } from '../../../config/labels.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { ErrorAlert } from './error-alert.tsx';

/** Asks before disabling: the user's sessions end at once. */
export function DisableUserDialog({ user, onClose }: { user: AdminUser | undefined; onClose: () => void }) {
  const mutation = useUpdateUser();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (user) mutation.mutate({ id: user.id, body: { disabled: true } }, { onSuccess: close });
  };
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : '';
  return (
    <Modal opened={user !== undefined} onClose={close} title={fillLabel(UI.disableTitle, { name })} centered>
      <Stack gap="md">
        <Text>{UI.disableText}</Text>
        <ErrorAlert error={mutation.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {UI.cancel}
          </Button>
          <Button color="red" onClick={confirm} loading={mutation.isPending}>
            {UI.disable}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
