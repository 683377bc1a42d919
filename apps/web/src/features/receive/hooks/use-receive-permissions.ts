import type { Action } from '@pharma/domain';
import { useCan } from '../../../lib/can.ts';

/** An action of regional receiving, under whichever feature of RECEIVE grants it. */
const receive = (action: Action) => ({ application: 'RDC' as const, module: 'RECEIVE' as const, action });

/** What the user may do in regional receiving (spec point 6): controls they may not use are hidden. */
export function useReceivePermissions() {
  return {
    filter: useCan(receive('Filter')),
    details: useCan({ application: 'RDC', module: 'RECEIVE', feature: 'DetailsPage' }),
    scan: useCan(receive('Scan')),
    complete: useCan(receive('Complete')),
    deleteScanned: useCan(receive('DeleteScannedItem')),
  };
}
