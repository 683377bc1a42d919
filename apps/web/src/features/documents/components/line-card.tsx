import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FamilyLabels } from '@pharma/domain';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { qtyLeft } from '../lines.ts';
import { Figure } from './figure.tsx';

export interface LineCardProps {
  line: DocumentLine;
  completed: boolean;
  labels: FamilyLabels;
}

/** One line of a document: material, batch, GTIN and its counts, the family's quantity column among them (Shortage Qty once completed). */
export function LineCard({ line, completed, labels }: LineCardProps) {
  return (
    <Card withBorder padding="sm" component="li" aria-label={`${FIELD_LABELS.materialNo} ${line.materialNo}`}>
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700}>{line.materialNo}</Text>
          <Text size="sm" c="dimmed">
            {FIELD_LABELS.batchNo} {line.batchNo ?? '–'}
          </Text>
        </Group>
        <Text size="sm">{line.materialName}</Text>
        <Text size="xs" c="dimmed">
          {FIELD_LABELS.eanGtinNo} {line.eanGtinNo ?? '–'}
        </Text>
      </Stack>
      <SimpleGrid cols={completed ? 4 : 3} mt="xs" spacing="xs">
        <Figure label={FIELD_LABELS.expectedQty} value={line.quantity} />
        <Figure label={labels.quantityDone} value={line.scannedQuantity} />
        <Figure label={FIELD_LABELS.qtyLeft} value={qtyLeft(line)} />
        {completed && <Figure label={FIELD_LABELS.shortageQty} value={line.shortageQuantity} />}
      </SimpleGrid>
    </Card>
  );
}
