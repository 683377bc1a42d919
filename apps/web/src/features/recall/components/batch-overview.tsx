import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Need } from '@pharma/domain';
import type { WhereaboutsResponse } from '@pharma/domain/contract/batches';
import type { Area } from '@pharma/domain/contract/inventory';
import { fillLabel, RECALL_UI } from '../../../config/labels.ts';
import { errorText } from '../../../lib/api-client.ts';
import { can } from '../../../lib/can.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { useSession } from '../../../lib/session.ts';
import { useDownloadCsv, useSetBatchStatus, type BatchRef } from '../api/batches-api.ts';
import { offeredChanges, type BatchChange } from '../batch-actions.ts';
import { BatchStatusBadge } from './batch-status-badge.tsx';
import { StatusDialog } from './status-dialog.tsx';

/**
 * The batch, its status and its last change (reason, who, when), the changes the user may make to it
 * now (each asks first, with a reason), the server's answer, and the CSV of every unit.
 */
export function BatchOverview({ area, whereabouts }: { area: Area; whereabouts: WhereaboutsResponse }) {
  const batch: BatchRef = { materialNo: whereabouts.materialNo, batchNo: whereabouts.batchNo };
  const session = useSession();
  const changes = offeredChanges(whereabouts.status, (need: Need) => can({ application: area, ...need }, session));
  const [asked, setAsked] = useState<BatchChange>();
  const setStatus = useSetBatchStatus(batch, area);
  const csv = useDownloadCsv(batch, area);
  const { change } = whereabouts;

  const ask = (next: BatchChange) => {
    setStatus.reset();
    setAsked(next);
  };
  const confirm = (reason: string) => {
    if (!asked) return;
    setStatus.mutate({ status: asked.to, reason }, { onSuccess: () => setAsked(undefined) });
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label={fillLabel(RECALL_UI.batch, { ...batch })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {fillLabel(RECALL_UI.batch, { ...batch })}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {fillLabel(RECALL_UI.material, { ...batch })}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" role="group" aria-label={RECALL_UI.status}>
            <BatchStatusBadge status={whereabouts.status} />
          </Stack>
        </Group>
        <Stack gap={2} role="group" aria-label={RECALL_UI.lastChange}>
          <Text size="xs" c="dimmed">
            {RECALL_UI.lastChange}
          </Text>
          {change ? (
            <>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {change.reason}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {fillLabel(RECALL_UI.changeBy, { at: formatDateTime(change.at), by: change.by })}
              </Text>
            </>
          ) : (
            <Text size="sm">{RECALL_UI.neverHeld}</Text>
          )}
        </Stack>
        {setStatus.isSuccess && (
          <Alert color="green" variant="light" role="status" data-testid="batch-status-set">
            {setStatus.data.message}
          </Alert>
        )}
        {whereabouts.status === 'RECALLED' && (
          <Text size="sm" c="dimmed">
            {RECALL_UI.recallFinal}
          </Text>
        )}
        <Group gap="xs" role="group" aria-label={RECALL_UI.actions}>
          {changes.map((next) => (
            <Button key={next.to} color={next.color} onClick={() => ask(next)}>
              {next.button}
            </Button>
          ))}
          <Button variant="default" loading={csv.isPending} onClick={() => csv.mutate()}>
            {RECALL_UI.downloadCsv}
          </Button>
        </Group>
        {csv.isSuccess && (
          <Text size="xs" c="dimmed" role="status">
            {fillLabel(RECALL_UI.downloaded, { file: csv.data })}
          </Text>
        )}
        {csv.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(csv.error)}
          </Alert>
        )}
      </Stack>
      <StatusDialog
        key={asked?.to ?? 'closed'}
        batch={batch}
        change={asked}
        busy={setStatus.isPending}
        error={setStatus.error}
        onConfirm={confirm}
        onCancel={() => {
          setAsked(undefined);
          setStatus.reset();
        }}
      />
    </Card>
  );
}
