import { Badge } from '../../../components/ui/plain.tsx';
import type { DocumentStatus } from '@pharma/domain';
import { DOCUMENT_STATUS_LABELS } from '../../../config/labels.ts';

const COLORS: Record<DocumentStatus, string> = { Open: 'blue', 'In Progress': 'yellow', Completed: 'green' };

export function DocumentStatusBadge({ status, size = 'lg' }: { status: DocumentStatus; size?: 'sm' | 'lg' }) {
  return (
    // flexShrink 0: beside a long number on a phone the badge keeps its width ('In Progress', not 'IN PRO…').
    <Badge color={COLORS[status]} variant="light" size={size} style={{ flexShrink: 0 }}>
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
