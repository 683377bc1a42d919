import { Alert } from '@mantine/core';
import { RECEIVE_UI } from '../../../config/labels.ts';
import type { ScanOutcome } from '../scan-outcome.ts';

const LOOK = {
  accepted: { color: 'green', title: undefined },
  removed: { color: 'blue', title: undefined },
  refused: { color: 'red', title: RECEIVE_UI.refused },
  duplicate: { color: 'yellow', title: RECEIVE_UI.duplicate },
} as const;

/** The answer to the last scan, announced to screen readers. */
export function ScanResult({ outcome }: { outcome: ScanOutcome | undefined }) {
  if (!outcome) return <div aria-live="polite" />;
  const look = LOOK[outcome.kind];
  return (
    <Alert
      color={look.color}
      title={look.title}
      role={outcome.kind === 'refused' ? 'alert' : 'status'}
      data-outcome={outcome.kind}
      variant="light"
    >
      {outcome.text}
    </Alert>
  );
}
