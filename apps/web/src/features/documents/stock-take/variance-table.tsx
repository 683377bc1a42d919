import { Button, Stack, Table, Text } from '@mantine/core';
import { COUNT_REASON_LABELS } from '@pharma/domain';
import type { FoundUnit, MovedUnit, StockTakeDetails, StockTakeLine } from '@pharma/domain/contract/stock-takes';
import { fillLabel, STOCK_TAKE_UI as T } from '../../../config/labels.ts';
import { lineDifference, lineKey, signed } from './variance.ts';

const figure = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;

function foundText(f: FoundUnit): string {
  return fillLabel(T.foundWhere, { id: f.id, warehouseNo: f.expectedWarehouseNo ?? T.nowhere, status: f.expectedStatus });
}

function movedText(m: MovedUnit): string {
  return m.docType && m.docNo
    ? fillLabel(T.movedBy, { id: m.id, docType: m.docType, docNo: m.docNo })
    : fillLabel(T.movedOutside, { id: m.id });
}

/** A list of units under a line ('Missing (2)': the GTIN/serial of each), or nothing when empty. */
function Units({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap={0}>
      <Text size="xs" fw={600}>
        {fillLabel(label, { count: String(items.length) })}
      </Text>
      <Text component="ul" size="xs" m={0} pl="md" style={{ wordBreak: 'break-all' }}>
        {items.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </Text>
    </Stack>
  );
}

function LineRows({
  line,
  full,
  onRecount,
  recounting,
}: {
  line: StockTakeLine;
  full: boolean;
  onRecount?: (line: StockTakeLine) => void;
  recounting: boolean;
}) {
  const difference = lineDifference(line);
  const batchNo = line.batchNo ?? T.noBatch;
  const units = (line.missing?.length ?? 0) + (line.found?.length ?? 0) + (line.movedDuringCount?.length ?? 0);
  const columns = full ? 5 : 3;
  return (
    <>
      <Table.Tr aria-label={`${line.materialNo} ${batchNo}`}>
        <Table.Td>
          <Text size="sm" fw={500}>
            {line.materialNo}
          </Text>
          <Text size="xs" c="dimmed">
            {[line.materialName, batchNo].filter(Boolean).join(' · ')}
          </Text>
          {line.round > 0 && (
            <Text size="xs" c="dimmed">
              {fillLabel(T.round, { round: String(line.round) })}
            </Text>
          )}
        </Table.Td>
        {full && <Table.Td {...figure}>{line.expected}</Table.Td>}
        <Table.Td {...figure}>{line.counted}</Table.Td>
        {full && (
          <Table.Td {...figure} c={difference ? 'red' : undefined} fw={difference ? 600 : undefined}>
            {difference === undefined ? '' : signed(difference)}
          </Table.Td>
        )}
        <Table.Td>
          {onRecount && (
            <Button
              size="compact-sm"
              variant="default"
              loading={recounting}
              aria-label={fillLabel(T.recountLabel, { materialNo: line.materialNo, batchNo })}
              onClick={() => onRecount(line)}
            >
              {T.recount}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
      {(units > 0 || line.reason) && (
        <Table.Tr>
          <Table.Td colSpan={columns} pt={0}>
            <Stack gap={4}>
              <Units label={T.missing} items={line.missing ?? []} />
              <Units label={T.found} items={(line.found ?? []).map(foundText)} />
              <Units label={T.moved} items={(line.movedDuringCount ?? []).map(movedText)} />
              {line.reason && (
                <Text size="xs">
                  {fillLabel(T.reasonGiven, {
                    reason: line.reason.text
                      ? `${COUNT_REASON_LABELS[line.reason.reason]}: ${line.reason.text}`
                      : COUNT_REASON_LABELS[line.reason.reason],
                  })}
                </Text>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/**
 * The count per material and batch: expected, counted and the signed difference with the missing, found
 * and moved units under each line in the full view; only what was counted in a blind one. The table
 * scrolls sideways in its own focusable box, so at 360 px the page is never wider than the screen.
 */
export function VarianceTable({
  details,
  onRecount,
  recounting,
}: {
  details: StockTakeDetails;
  onRecount?: (line: StockTakeLine) => void;
  recounting?: string | undefined;
}) {
  const full = details.view === 'full';
  return (
    <Stack gap="xs">
      <Text fw={600}>{T.lines}</Text>
      {!full && (
        <Text size="sm" c="dimmed">
          {T.blindView}
        </Text>
      )}
      {details.lines.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {T.noLines}
        </Text>
      ) : (
        <div tabIndex={0} role="region" aria-label={T.lines} style={{ overflowX: 'auto' }}>
          <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.material}</Table.Th>
                {full && <Table.Th ta="right">{T.expected}</Table.Th>}
                <Table.Th ta="right">{T.counted}</Table.Th>
                {full && <Table.Th ta="right">{T.difference}</Table.Th>}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {details.lines.map((line) => (
                <LineRows key={lineKey(line)} line={line} full={full} onRecount={onRecount} recounting={recounting === lineKey(line)} />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Units label={T.missingContainers} items={details.missingContainers ?? []} />
      <Units label={T.foundContainers} items={(details.foundContainers ?? []).map(foundText)} />
    </Stack>
  );
}
