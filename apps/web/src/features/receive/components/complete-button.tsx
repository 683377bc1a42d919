import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { completeButtonEnabled, type DocumentStatus } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, RECEIVE_UI } from '../../../config/labels.ts';
import { useCompleteReceive } from '../api/complete-receive.ts';

export interface CompleteButtonProps {
  ibdNo: string;
  area: Area;
  status: DocumentStatus;
  scanned: number;
  expected: number;
}

/** 'Complete' with a confirmation; enabled by the spec's rule (point 4); says the server's answer. */
export function CompleteButton({ ibdNo, area, status, scanned, expected }: CompleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteReceive(ibdNo, area);
  const enabled = completeButtonEnabled(status, 'complete', scanned);

  return (
    <>
      <Button color="green" disabled={!enabled} onClick={() => setConfirming(true)}>
        {RECEIVE_UI.complete}
      </Button>
      {complete.isSuccess && (
        <Alert color="green" role="status" w="100%">
          {complete.data.message}
        </Alert>
      )}
      {complete.isError && (
        <Alert color="red" role="alert" w="100%">
          {complete.error.message}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={RECEIVE_UI.completeTitle} centered>
        <Stack>
          <Text>{fillLabel(RECEIVE_UI.completeText, { ibdNo, scanned: String(scanned), expected: String(expected) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {RECEIVE_UI.cancel}
            </Button>
            <Button
              color="green"
              loading={complete.isPending}
              onClick={() => complete.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {RECEIVE_UI.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
