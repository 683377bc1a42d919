import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FamilyLabels } from '@pharma/domain';
import type { DocumentDetails } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS, REDRESS_UI } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { totals } from '../lines.ts';
import { Figure } from './figure.tsx';
import { DocumentStatusBadge } from './status-badge.tsx';

export interface DocumentHeaderProps {
  details: DocumentDetails;
  labels: FamilyLabels;
  /** One strip for the scan screen. */
  compact?: boolean;
}

/** The document's number, status, date and running totals, in its family's words. */
export function DocumentHeader({ details, labels, compact }: DocumentHeaderProps) {
  const { document } = details;
  const sum = totals(details.data);
  if (compact) {
    return (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* At 360 px the number wraps, never the count ('9 /' over '9', issue 27). */}
        <Text fw={700} style={{ minWidth: 0 }}>
          {labels.number} {document.number}
        </Text>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Text
            size="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
            aria-label={`${labels.quantityDone} ${sum.scanned} / ${FIELD_LABELS.expectedQty} ${sum.expected}`}
          >
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
            {labels.number}
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
        <Figure label={labels.quantityDone} value={sum.scanned} />
        <Figure label={FIELD_LABELS.qtyLeft} value={sum.left} />
      </SimpleGrid>
      {document.bprNo != null && (
        <Text size="sm" mt="xs">
          {REDRESS_UI.bprNo} <strong>{document.bprNo}</strong>
        </Text>
      )}
    </Card>
  );
}
