import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StockTakeDetails, StockTakeLine } from '@pharma/domain/contract/stock-takes';
import { fillLabel, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { Figure } from '../components/figure.tsx';
import { DocumentStatusBadge } from '../components/status-badge.tsx';
import type { DocumentPageProps } from '../types.ts';
import { CompleteForm } from './complete-form.tsx';
import { useStockTake, useStockTakeActions } from './stock-take-api.ts';
import { useStockTakePermissions } from './use-stock-take-permissions.ts';
import { lineKey, scopeText } from './variance.ts';
import { VarianceTable } from './variance-table.tsx';

/** 'who, when' of a step of the count, or a dash when it has not happened. */
function byAt(by: string | null, at: string | null): string {
  if (!at) return T.nobody;
  return fillLabel(T.byAt, { by: by ?? T.nobody, at: formatDateTime(at) });
}

/** The count's summary: number and status, warehouse, scope, blind, state and who created, completed and approved it. */
function Summary({ details, numberLabel }: { details: StockTakeDetails; numberLabel: string }) {
  const s = details.stockTake;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ wordBreak: 'break-all' }}>
            {numberLabel} {s.number}
          </Text>
          <DocumentStatusBadge status={s.status} size="sm" />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label={T.warehouse} value={s.warehouseNo} />
          <Figure label={T.scope} value={scopeText(s.scope)} />
          <Figure label={T.blind} value={s.blind ? T.blindYes : T.blindNo} />
          <Figure label={T.state} value={T.states[s.state]} />
          <Figure label={T.createdBy} value={byAt(s.createdBy, s.snapshotAt)} />
          <Figure label={T.completedBy} value={byAt(s.completedBy, s.completedAt)} />
          <Figure label={T.approvedBy} value={byAt(s.approvedBy, s.approvedAt)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * /rdc/stockTakeNo/{no} and /ldc/stockTakeNo/{no}, 'Count Details': the summary; the variance table
 * (expected, counted, difference, missing, found and moved units per material and batch) in the full
 * view, only what was counted in a counter's blind view; a recount per line while counting; the complete
 * form (a reason per difference) for CompleteCount; 'Approve count' for ApproveCount once completed. Each
 * answer's message, or the server's refusal, is shown as the server wrote it.
 */
export function StockTakeDetailsPage({ area, family, paths, number }: DocumentPageProps) {
  const can = useStockTakePermissions(area);
  const details = useStockTake(number, area);
  const { recount, complete, approve } = useStockTakeActions(family.type, number, area);
  // The last answer's message, or the last refusal: one line under the summary.
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>();
  const done = { onSuccess: (a: { message: string }) => setNotice({ ok: true, text: a.message }) };
  const onRecount = (line: StockTakeLine) =>
    recount.mutate(
      { materialNo: line.materialNo, batchNo: line.batchNo },
      { ...done, onError: (e) => setNotice({ ok: false, text: errorText(e) }) },
    );

  return (
    <QueryState query={details}>
      {(data) => {
        const state = data.stockTake.state;
        return (
          <Stack gap="sm">
            <Summary details={data} numberLabel={family.labels.number} />
            {notice && (
              <Alert
                color={notice.ok ? 'green' : 'red'}
                variant="light"
                role={notice.ok ? 'status' : 'alert'}
                data-testid="stock-take-notice"
              >
                {notice.text}
              </Alert>
            )}
            {state === 'COUNTING' && can.count && (
              <Button component={Link} to={paths.scanUnits(number)} variant="light">
                {fillLabel(T.scanHere, { number })}
              </Button>
            )}
            <VarianceTable
              details={data}
              onRecount={state === 'COUNTING' && can.count ? onRecount : undefined}
              recounting={recount.isPending && recount.variables ? lineKey(recount.variables) : undefined}
            />
            {state === 'COUNTING' && can.complete && (
              <CompleteForm
                details={data}
                busy={complete.isPending}
                error={complete.isError ? errorText(complete.error) : undefined}
                onComplete={(reasons) => complete.mutate({ reasons }, done)}
              />
            )}
            {state === 'COMPLETED' && (
              <Text size="sm" role="status">
                {T.waitingApproval}
              </Text>
            )}
            {state === 'COMPLETED' && can.approve && (
              <Paper withBorder p="sm">
                <Stack gap="xs">
                  <Text size="sm">{T.approveText}</Text>
                  {approve.isError && (
                    <Alert color="red" variant="light" role="alert">
                      {errorText(approve.error)}
                    </Alert>
                  )}
                  <Button onClick={() => approve.mutate(undefined, done)} loading={approve.isPending}>
                    {T.approve}
                  </Button>
                </Stack>
              </Paper>
            )}
            {state === 'APPROVED' && (
              <Text size="sm" role="status">
                {T.approved}
              </Text>
            )}
            <Anchor component={Link} to={paths.list}>
              {T.allCounts}
            </Anchor>
          </Stack>
        );
      }}
    </QueryState>
  );
}
