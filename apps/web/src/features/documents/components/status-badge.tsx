import { Badge } from '@mantine/core';
import type { DocumentStatus } from '@pharma/domain';

const COLORS: Record<DocumentStatus, string> = { Open: 'blue', 'In Progress': 'yellow', Completed: 'green' };

export function DocumentStatusBadge({ status, size = 'lg' }: { status: DocumentStatus; size?: 'sm' | 'lg' }) {
  return (
    <Badge color={COLORS[status]} variant="light" size={size}>
      {status}
    </Badge>
  );
}
