import { memo } from 'react';
import { Card, Group, Stack, Text } from '../../../components/ui/plain.tsx';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { DOCUMENT_UI, fillLabel, FIELD_LABELS } from '../../../config/labels.ts';
import { qtyLeft } from '../lines.ts';

/** The scan screen's lines, one row each with its running count; re-renders only when the lines change. */
export const LinesProgress = memo(function LinesProgress({ lines }: { lines: readonly DocumentLine[] }) {
  return (
    <Card padding="xs" as="section" aria-label={DOCUMENT_UI.lines}>
      <Stack gap={4} as="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {lines.map((line) => (
          <Group
            key={line.lineNo}
            as="li"
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            aria-label={`${FIELD_LABELS.materialNo} ${line.materialNo}`}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {line.materialNo} · {line.batchNo ?? '–'}
              </Text>
              <Text size="xs" dimmed lineClamp={1}>
                {line.materialName}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="line-progress">
              {fillLabel(DOCUMENT_UI.progress, { scanned: String(line.scannedQuantity), expected: String(line.quantity) })}
              <Text span size="xs" dimmed>
                {' '}
                ({FIELD_LABELS.qtyLeft} {qtyLeft(line)})
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
});
