import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { fillLabel, RECALL_UI } from '../../../config/labels.ts';
import { errorText } from '../../../lib/api-client.ts';
import type { BatchRef } from '../api/batches-api.ts';
import { REASON_MAX_LENGTH, reasonProblem, type BatchChange } from '../batch-actions.ts';

export interface StatusDialogProps {
  batch: BatchRef;
  /** The change asked for; none: closed. */
  change: BatchChange | undefined;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  error: unknown;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** The question before a batch is held, released or recalled: what it means, and the reason (at least 5 characters). */
export function StatusDialog({ batch, change, busy, error, onConfirm, onCancel }: StatusDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();

  const close = () => {
    setReason('');
    setProblem(undefined);
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reasonProblem(reason, batch.batchNo);
    setProblem(found);
    if (!found) onConfirm(reason.trim());
  };

  return (
    <Modal opened={change !== undefined} onClose={close} title={change && fillLabel(change.title, { ...batch })} centered>
      {change && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{change.text}</Text>
            <Textarea
              label={RECALL_UI.reason}
              description={RECALL_UI.reasonHint}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setProblem(undefined);
              }}
              error={problem}
              required
              autosize
              minRows={2}
              maxLength={REASON_MAX_LENGTH}
              data-autofocus
            />
            {error !== null && error !== undefined && (
              <Alert color="red" variant="light" role="alert">
                {errorText(error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {RECALL_UI.cancel}
              </Button>
              <Button type="submit" color={change.color} loading={busy}>
                {RECALL_UI.confirm}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
