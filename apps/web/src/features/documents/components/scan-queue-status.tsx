import type { Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { ScanQueuePanel } from '../../../components/ui/scan-queue-panel.tsx';
import { useScannedCount } from '../api/get-document.ts';

/**
 * The queue panel with the badge 'N scanned': what is scanned on the document, read from its details
 * as the scanned units and the header are (issue 27), so a removal or a reload never leaves it apart
 * from them. 0 until the details are read (a scan page opened offline).
 */
export function ScanQueueStatus({ family, number, area }: { family: Family; number: string; area: Area }) {
  const scanned = useScannedCount(family, number, area);
  return <ScanQueuePanel scanned={scanned ?? 0} />;
}
