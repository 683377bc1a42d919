import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, REDRESS_UI } from '../../../config/labels.ts';
import { useCan } from '../../../lib/can.ts';
import { useReopenDocument } from './redress-api.ts';

/**
 * 'Reopen Document' of a completed document whose family may be reopened (spec point 4), after a
 * confirmation; shown only with the ReopenDocument action, while the document is completed. Says the server's answer,
 * and which units stay as they are, after the document has moved on (keep it mounted).
 */
export function ReopenButton({ family, number, area, completed }: { family: Family; number: string; area: Area; completed: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const allowed = useCan({ application: area, module: family.module, action: 'ReopenDocument' });
  const reopen = useReopenDocument(family, number, area);
  if (!family.reopen || !allowed) return null;
  const { title, text } = family.reopen;
  return (
    <>
      {completed && (
        <Button variant="outline" onClick={() => setConfirming(true)}>
          {REDRESS_UI.reopen}
        </Button>
      )}
      {reopen.isSuccess && (
        <Alert color="green" role="status" w="100%">
          {reopen.data.message}
          {reopen.data.note && <Text size="sm">{reopen.data.note}</Text>}
        </Alert>
      )}
      {reopen.isError && (
        <Alert color="red" role="alert" w="100%">
          {reopen.error.message}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={title} centered>
        <Stack>
          <Text>{fillLabel(text, { number })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {REDRESS_UI.cancel}
            </Button>
            <Button loading={reopen.isPending} onClick={() => reopen.mutate(undefined, { onSettled: () => setConfirming(false) })}>
              {REDRESS_UI.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
