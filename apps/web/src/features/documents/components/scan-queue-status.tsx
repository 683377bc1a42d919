import { ScanQueuePanel } from '../../../components/ui/scan-queue-panel.tsx';
import { useLastScan, type LastScanStore } from '../last-scan-store.ts';

/** The queue panel with this visit's running count, which it reads from the scan screen's store. */
export function ScanQueueStatus({ store }: { store: LastScanStore }) {
  const scanned = useLastScan(store, (state) => state.scanned);
  return <ScanQueuePanel scanned={scanned} />;
}
