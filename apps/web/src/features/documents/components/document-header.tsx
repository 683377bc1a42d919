import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FamilyLabels } from '@pharma/domain';
import type { DocumentDetails } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS, REDRESS_UI } from '../../../config/labels.ts';
import { formatDateTime } from '../../../lib/local-day.ts';
import { totals } from '../lines.ts';
import { DocumentStrip } from './document-strip.tsx';
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
  if (compact) return <DocumentStrip details={details} labels={labels} />;
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
