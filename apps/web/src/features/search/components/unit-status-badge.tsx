import { Badge } from '@mantine/core';
import type { UnitStatus } from '@pharma/domain';

const COLORS: Partial<Record<UnitStatus, string>> = {
  ACTIVE: 'green',
  PENDING: 'blue',
  TRANSIT: 'blue',
  QUARANTINE: 'orange',
  SHORTAGE: 'yellow',
  RETAINED: 'grape',
  EXPIRED: 'red',
  DAMAGED: 'red',
  DESTROYED: 'dark',
  INACTIVE: 'gray',
};

/** A unit's status; it keeps its width beside a long identifier (a pack's GTIN and serial on a handheld). */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}
