import type { LiteFamily } from '@pharma/domain';
import type { DocumentPaths } from '../../../lib/document-routes.ts';

/**
 * Where a lite family's pages are (spec point 2): the list and details by module, the material pages
 * with the document in `docNo` and the module in `moduleID` (the 'Add Material/Batch' form's way back),
 * the item scanner with `moduleType` (its title depends on it).
 */
const q = (values: Record<string, string>) => new URLSearchParams(values).toString();

export interface LitePaths extends DocumentPaths {
  addMaterial: (docNo: string, prefill?: { materialNo: string; batchNo: string }) => string;
  materialScanner: (docNo: string) => string;
  materialDetails: (docNo: string, materialNo: string, batchNo: string | null) => string;
}

export function litePaths(lite: LiteFamily, detailsTitle: string): LitePaths {
  const m = encodeURIComponent(lite.module);
  const details = (docNo: string) => `/ldc/liteDetail/${m}?${q({ docNo, moduleID: lite.module })}`;
  return {
    list: `/ldc/liteLists/${m}`,
    details,
    detailsTitle,
    scanDocument: `/ldc/liteLists/${m}`,
    scanUnits: (docNo) => `/ldc/liteDetail/scan/materialScanner?${q({ moduleType: lite.module, docNo })}`,
    addMaterial: (docNo, prefill) => `/ldc/liteDetail/createMaterialOrBatch?${q({ docNo, moduleID: lite.module, ...prefill })}`,
    materialScanner: (docNo) => `/ldc/liteDetail/materialAndBatchScanner?${q({ docNo, moduleID: lite.module })}`,
    materialDetails: (docNo, materialNo, batchNo) =>
      `/ldc/liteDetail/materialDetails?${q({ docNo, moduleID: lite.module, materialNo, batchNo: batchNo ?? '' })}`,
  };
}
