import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { completeButtonEnabled, type DocumentStatus, type Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel } from '../../../config/labels.ts';
import { useCompleteDocument } from '../api/complete-document.ts';

export interface CompleteButtonProps {
  family: Family;
  number: string;
  area: Area;
  status: DocumentStatus;
  scanned: number;
  expected: number;
}

/** 'Complete' with the family's confirmation; enabled by the spec's rule (point 4); says the server's answer. */
export function CompleteButton({ family, number, area, status, scanned, expected }: CompleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteDocument(family, number, area);
  const enabled = completeButtonEnabled(status, 'complete', scanned);
  const { labels } = family;

  return (
    <>
      <Button color="green" disabled={!enabled} onClick={() => setConfirming(true)}>
        {DOCUMENT_UI.complete}
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
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={labels.completeTitle} centered>
        <Stack>
          <Text>{fillLabel(labels.completeText, { number, scanned: String(scanned), expected: String(expected) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {DOCUMENT_UI.cancel}
            </Button>
            <Button
              color="green"
              loading={complete.isPending}
              onClick={() => complete.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {DOCUMENT_UI.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
