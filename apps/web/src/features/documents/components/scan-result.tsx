import { Alert } from '../../../components/ui/plain.tsx';
import { DOCUMENT_UI } from '../../../config/labels.ts';
import { useLastScan, type LastScanStore } from '../last-scan-store.ts';

const LOOK = {
  accepted: { color: 'green', variant: 'filled', title: undefined },
  removed: { color: 'blue', variant: 'light', title: undefined },
  refused: { color: 'red', variant: 'filled', title: DOCUMENT_UI.refused },
  duplicate: { color: 'yellow', variant: 'filled', title: DOCUMENT_UI.duplicate },
  sending: { color: 'gray', variant: 'light', title: undefined },
  queued: { color: 'orange', variant: 'light', title: undefined },
} as const;

/**
 * The answer to the last scan, in a colour readable at arm's length, announced to screen readers.
 * It subscribes to the scan screen's store itself: a scan re-renders this banner, not the page.
 */
export function ScanResult({ store }: { store: LastScanStore }) {
  const outcome = useLastScan(store, (state) => state.outcome);
  if (!outcome) return <div aria-live="polite" />;
  const look = LOOK[outcome.kind];
  return (
    <Alert
      color={look.color}
      title={look.title}
      role={outcome.kind === 'refused' ? 'alert' : 'status'}
      data-outcome={outcome.kind}
      variant={look.variant}
    >
      {outcome.text}
    </Alert>
  );
}
