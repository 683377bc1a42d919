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

export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}
