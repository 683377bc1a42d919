import type { Area } from '@pharma/domain/contract/inventory';

/**
 * Where receiving lives in each area (spec point 2): one feature, two sets of routes. Regional:
 * list, details ('IBD Details'), the 'Scan IBD No.' step and the unit scan (decision 0007).
 * Local: 'IBD List', 'IBD Details' and the scan code route, which is also the document step
 * with `new` (decision 0012).
 */
export interface ReceivePaths {
  list: string;
  details: (ibdNo: string) => string;
  scanDocument: string;
  scanUnits: (ibdNo: string) => string;
}

const enc = encodeURIComponent;

export const RECEIVE_PATHS: Record<Area, ReceivePaths> = {
  RDC: {
    list: '/rdc/ibdList',
    details: (ibdNo) => `/rdc/ibdNo/${enc(ibdNo)}`,
    scanDocument: '/rdc/scanOperation/new?p=IBD',
    scanUnits: (ibdNo) => `/rdc/scanPallet/${enc(ibdNo)}?p=IBD`,
  },
  LDC: {
    list: '/ldc/ibdList',
    details: (ibdNo) => `/ldc/ibdDetails/${enc(ibdNo)}`,
    scanDocument: '/ldc/ScanOperation/new?p=IBD',
    scanUnits: (ibdNo) => `/ldc/ScanOperation/${enc(ibdNo)}?p=IBD`,
  },
};
