import { useId, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { completeButton, type DocumentStatus, type Family } from '@pharma/domain';
import { message } from '../../../i18n/language.ts';
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

/**
 * 'Complete' with the family's confirmation; says the server's answer. The domain's rule (spec point 4,
 * `completeButton`) enables it; disabled, it stays in place with the reason beside it ('… is already
 * completed', 'Nothing is scanned …'), so no confirmation opens only to fail (issue 27, decision 0064).
 */
export function CompleteButton({ family, number, area, status, scanned, expected }: CompleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const complete = useCompleteDocument(family, number, area);
  const state = completeButton(status, 'complete', scanned);
  const reasonId = useId();
  const { labels } = family;

  return (
    <>
      <Button
        color="green"
        disabled={!state.enabled}
        aria-describedby={state.enabled ? undefined : reasonId}
        onClick={() => setConfirming(true)}
      >
        {DOCUMENT_UI.complete}
      </Button>
      {!state.enabled && (
        <Text id={reasonId} size="sm" c="dimmed" data-testid="complete-reason" style={{ flex: '1 1 12rem' }}>
          {message(state.reason, { type: family.type, number })}
        </Text>
      )}
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
      <Modal opened={confirming && state.enabled} onClose={() => setConfirming(false)} title={labels.completeTitle} centered>
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
