import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DocumentDetails } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { totals } from '../lines.ts';
import { Figure } from './ibd-card.tsx';
import { DocumentStatusBadge } from './status-badge.tsx';

/** The IBD's number, status, date and running totals; `compact` is one strip for the scan screen. */
export function DocumentHeader({ details, compact }: { details: DocumentDetails; compact?: boolean }) {
  const { document } = details;
  const sum = totals(details.data);
  if (compact) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>
          {FIELD_LABELS.ibdNo} {document.number}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} aria-label={`${FIELD_LABELS.qtyScanned} ${sum.scanned} / ${FIELD_LABELS.expectedQty} ${sum.expected}`}>
            {sum.scanned} / {sum.expected}
          </Text>
          <DocumentStatusBadge status={document.status} size="sm" />
        </Group>
      </Group>
    );
  }
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {FIELD_LABELS.ibdNo}
          </Text>
          <Text fw={700} size="lg">
            {document.number}
          </Text>
        </Stack>
        <DocumentStatusBadge status={document.status} />
      </Group>
      <SimpleGrid cols={3} mt="xs" spacing="xs">
        <Figure label={FIELD_LABELS.date} value={document.date} />
        <Figure label={FIELD_LABELS.warehouseNo} value={document.warehouseNo} />
        {document.completedAt ? <Figure label={FIELD_LABELS.completedAt} value={formatDateTime(document.completedAt)} /> : <span />}
        <Figure label={FIELD_LABELS.expectedQty} value={sum.expected} />
        <Figure label={FIELD_LABELS.qtyScanned} value={sum.scanned} />
        <Figure label={FIELD_LABELS.qtyLeft} value={sum.left} />
      </SimpleGrid>
    </Card>
  );
}
