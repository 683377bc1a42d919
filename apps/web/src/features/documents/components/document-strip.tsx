import type { FamilyLabels } from '@pharma/domain';
import type { DocumentDetails } from '@pharma/domain/contract/inventory';
import { Group, Text } from '../../../components/ui/plain.tsx';
import { FIELD_LABELS } from '../../../config/labels.ts';
import { totals } from '../lines.ts';
import { DocumentStatusBadge } from './status-badge.tsx';

/** The document's number, running count and status in one strip: the scan screen's header (without Mantine's script, decision 0089). */
export function DocumentStrip({ details, labels }: { details: DocumentDetails; labels: FamilyLabels }) {
  const { document } = details;
  const sum = totals(details.data);
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
