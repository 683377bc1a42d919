import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Family } from '@pharma/domain';
import type { Area, DocumentLine } from '@pharma/domain/contract/inventory';
import type { CountEntry, CountedLine } from '@pharma/domain/contract/lite-counts';
import { DOCUMENT_UI, FIELD_LABELS, fillLabel, LITE_UI } from '../../../config/labels.ts';
import { Confirm, preloadConfirm } from '../../../components/ui/confirm.tsx';
import { formatDateTime } from '../../../lib/local-day.ts';
import { parseUnitId, unitPath, unitText } from '../../../lib/unit-codes.ts';
import { useLineCounts, useRemoveCount } from './lite-counts-api.ts';

export interface LineCountsProps {
  family: Family;
  number: string;
  area: Area;
  /** The document's lines as the page has them: the list is read again when their figures move. */
  lines: readonly DocumentLine[];
  completed: boolean;
  /** The user has the family's DeleteScannedItem: each scan gets a remove button until completion. */
  mayRemove: boolean;
  /** Told of each scan removed (the scan page's feedback banner says it, replacing the last scan's). */
  onRemoved?: (removed: CountEntry) => void;
}

/** A timestamp to the second: two packs counted in one minute are told apart. */
function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${formatDateTime(iso)}:${String(date.getSeconds()).padStart(2, '0')}`;
}

/** How an operator reads a scan's code (docs/glossary.md): a counted pack's 'GTIN batch B…', an SSCC, or 'GTIN/serial'. */
const shown = (c: CountEntry) => unitText(parseUnitId(c.code));

/**
 * What was scanned on each line, scan by scan: the pack or unit, how many packs, who and when, newest
 * first; and, for a user with DeleteScannedItem, a remove button on each until the document is completed
 * (it asks first). The line's figures follow the removal at once (issue 27, decision 0066).
 */
export function LineCounts({ family, number, area, lines, completed, mayRemove, onRemoved }: LineCountsProps) {
  const counts = useLineCounts(family, number, lines);
  const remove = useRemoveCount(family, number, area);
  const [confirming, setConfirming] = useState<{ line: CountedLine; count: CountEntry } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const scanned = counts.data?.lines.filter((l) => l.counts.length > 0) ?? [];
  // The question's dialog is a chunk of its own: fetched once there is a scan to remove, before anyone asks.
  const mayAsk = mayRemove && !completed && scanned.length > 0;
  useEffect(() => {
    if (mayAsk) preloadConfirm();
  }, [mayAsk]);

  return (
    <Stack gap="xs" component="section" aria-label={LITE_UI.scansByLine}>
      <Title order={2} size="h5">
        {LITE_UI.scansByLine}
      </Title>
      {notice && (
        <Alert color="green" role="status" withCloseButton onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      {remove.error && (
        <Alert color="red" role="alert">
          {remove.error.message}
        </Alert>
      )}
      {counts.isError && (
        <Alert color="red" role="alert">
          {counts.error.message}
        </Alert>
      )}
      {counts.data && scanned.length === 0 && (
        <Text c="dimmed" size="sm">
          {DOCUMENT_UI.noScannedUnits}
        </Text>
      )}
      {scanned.map((line) => {
        const batchNo = line.batchNo ?? '–';
        return (
          <Stack
            key={line.lineNo}
            gap={4}
            component="section"
            aria-label={fillLabel(LITE_UI.lineScans, { materialNo: line.materialNo, batchNo })}
          >
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600}>
                {line.materialNo} · {FIELD_LABELS.batchNo} {batchNo}
              </Text>
              <Text size="sm" data-testid="line-scanned">
                {fillLabel(LITE_UI.lineFigure, { scanned: String(line.scannedQuantity), quantity: String(line.quantity) })}
              </Text>
            </Group>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {line.counts.map((c) => {
                const code = shown(c);
                const time = when(c.at);
                return (
                  <Group key={c.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      {c.kind === 'unit' ? (
                        <Anchor
                          component={Link}
                          to={unitPath(parseUnitId(c.code), undefined, area)}
                          size="sm"
                          ff="monospace"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {code}
                        </Anchor>
                      ) : (
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {code}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {fillLabel(LITE_UI.scanEntry, { packs: String(c.packs), user: c.user, time })}
                      </Text>
                    </Stack>
                    {mayRemove && !completed && (
                      <ActionIcon
                        variant="light"
                        color="red"
                        size={40}
                        aria-label={fillLabel(LITE_UI.removeScan, { code, time })}
                        loading={remove.isPending && remove.variables === c.id}
                        onClick={() => setConfirming({ line, count: c })}
                      >
                        <span aria-hidden="true">✕</span>
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        );
      })}
      {confirming && (
        <Confirm
          title={fillLabel(LITE_UI.removeScanTitle, { code: shown(confirming.count) })}
          text={fillLabel(LITE_UI.removeScanText, {
            code: shown(confirming.count),
            user: confirming.count.user,
            time: when(confirming.count.at),
            materialNo: confirming.line.materialNo,
            batchNo: confirming.line.batchNo ?? '–',
            packs: String(confirming.count.packs),
          })}
          keepLabel={DOCUMENT_UI.keep}
          confirmLabel={DOCUMENT_UI.confirmDelete}
          onKeep={() => setConfirming(undefined)}
          onConfirm={() => {
            const { count } = confirming;
            setConfirming(undefined);
            setNotice(undefined);
            remove.mutate(count.id, {
              onSuccess: (answer) => {
                setNotice(answer.message);
                onRemoved?.(count);
              },
            });
          }}
        />
      )}
    </Stack>
  );
}
