import { TOOL_NEEDS } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { useCan } from '../../../lib/can.ts';

/**
 * What the user may do with the area's stock takes (decision 0079's module STOCKTAKE): controls they may
 * not use are hidden; the server checks each again. Read through TOOL_NEEDS, as the server's routes are.
 */
export function useStockTakePermissions(area: Area) {
  const application = area;
  return {
    create: useCan({ application, ...TOOL_NEEDS.countCreate }),
    count: useCan({ application, ...TOOL_NEEDS.countRecount }),
    complete: useCan({ application, ...TOOL_NEEDS.countComplete }),
    approve: useCan({ application, ...TOOL_NEEDS.countApprove }),
    details: useCan({ application, ...TOOL_NEEDS.countView }),
  };
}
