import type { ReactNode } from 'react';
import { Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FamilyLabels } from '@pharma/domain';
import type { DocumentSummary } from '@pharma/domain/contract/inventory';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { Figure } from './figure.tsx';
import { DocumentStatusBadge } from './status-badge.tsx';

/**
 * One document in the list, named by its family's number label; the whole card opens its details. Its
 * figures are the date and the lines' quantities, unless a family shows others (a count, decision 0080).
 */
export function DocumentCard({
  document,
  labels,
  to,
  figures,
}: {
  document: DocumentSummary;
  labels: FamilyLabels;
  to: string;
  figures?: ReactNode;
}) {
  return (
    <Card component={Link} to={to} withBorder padding="sm" aria-label={`${labels.number} ${document.number}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {labels.number}
          </Text>
          <Text fw={700}>{document.number}</Text>
        </Stack>
        <DocumentStatusBadge status={document.status} />
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        {figures ?? (
          <>
            <Figure label={FIELD_LABELS.date} value={document.date} />
            <Figure label={FIELD_LABELS.expectedQty} value={document.quantity} />
            <Figure label={labels.quantityDone} value={document.scannedQuantity} />
          </>
        )}
      </Group>
    </Card>
  );
}
