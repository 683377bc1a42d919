import { Badge } from '@mantine/core';
import type { BatchStatus } from '@pharma/domain';
import { RECALL_UI } from '../../../config/labels.ts';

const COLORS: Record<BatchStatus, string> = { RELEASED: 'green', ON_HOLD: 'orange', RECALLED: 'red' };

/** A batch's status in words ('On hold'), never its code. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" size="lg" tt="none" style={{ flexShrink: 0 }} data-status={status}>
      {RECALL_UI.statuses[status]}
    </Badge>
  );
}
