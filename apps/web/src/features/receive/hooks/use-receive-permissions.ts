import type { Action } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { useCan } from '../../../lib/can.ts';

/** What the user may do in an area's receiving (spec point 6): controls they may not use are hidden. */
export function useReceivePermissions(area: Area) {
  // An action of receiving, under whichever feature of RECEIVE grants it, in the area's application.
  const receive = (action: Action) => ({ application: area, module: 'RECEIVE' as const, action });
  return {
    filter: useCan(receive('Filter')),
    details: useCan({ application: area, module: 'RECEIVE', feature: 'DetailsPage' }),
    scan: useCan(receive('Scan')),
    complete: useCan(receive('Complete')),
    deleteScanned: useCan(receive('DeleteScannedItem')),
  };
}
