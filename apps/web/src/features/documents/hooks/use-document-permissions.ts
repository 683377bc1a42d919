import type { Action, Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { useCan } from '../../../lib/can.ts';

/** What the user may do with a family's documents in an area (spec point 6): controls they may not use are hidden. */
export function useDocumentPermissions(family: Family, area: Area) {
  const { module } = family;
  // An action of the family's module, under whichever of its features grants it, in the area's application.
  const may = (action: Action) => ({ application: area, module, action });
  return {
    filter: useCan(may('Filter')),
    details: useCan({ application: area, module, feature: 'DetailsPage' }),
    scan: useCan(may('Scan')),
    complete: useCan(may('Complete')),
    deleteScanned: useCan(may('DeleteScannedItem')),
  };
}
