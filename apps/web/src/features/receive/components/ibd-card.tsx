import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DocumentSummary } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { DocumentStatusBadge } from './status-badge.tsx';

/** One inbound document in the list; the whole card opens its details. */
export function IbdCard({ document, to }: { document: DocumentSummary; to: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="sm" aria-label={`${FIELD_LABELS.ibdNo} ${document.number}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {FIELD_LABELS.ibdNo}
          </Text>
          <Text fw={700}>{document.number}</Text>
        </Stack>
        <DocumentStatusBadge status={document.status} />
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        <Figure label={FIELD_LABELS.date} value={document.date} />
        <Figure label={FIELD_LABELS.expectedQty} value={document.quantity} />
        <Figure label={FIELD_LABELS.qtyScanned} value={document.scannedQuantity} />
      </Group>
    </Card>
  );
}

export function Figure({ label, value }: { label: string; value: string | number | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value ?? '–'}
      </Text>
    </Stack>
  );
}
