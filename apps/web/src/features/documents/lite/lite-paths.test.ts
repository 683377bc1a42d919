import { describe, expect, it } from 'vitest';
import { liteFamilyOf } from '@pharma/domain';
import { LDC_ROUTES } from '../../../config/routes.ts';
import { litePaths } from './lite-paths.ts';

/** The lite pages link to the spec's routes (point 2), with the document in docNo and the module in moduleID. */
describe('lite paths', () => {
  const paths = litePaths(liteFamilyOf('DISPATCH+')!, 'Dispatch+ Details');
  const routePaths = LDC_ROUTES.map((r) => r.path);

  it('every link is a route of the local table', () => {
    const links = [
      paths.list,
      paths.details('LD1'),
      paths.scanUnits('LD1'),
      paths.addMaterial('LD1'),
      paths.materialScanner('LD1'),
      paths.materialDetails('LD1', '10000036', 'K1'),
    ];
    for (const link of links) {
      const path = decodeURIComponent(link.split('?')[0]!);
      const known = routePaths.some((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`).test(path));
      expect(known, link).toBe(true);
    }
  });

  it("the details page is where 'Add Material/Batch' goes back to: docNo and moduleID", () => {
    expect(paths.details('LD1')).toBe('/ldc/liteDetail/DISPATCH%2B?docNo=LD1&moduleID=DISPATCH%2B');
    expect(paths.addMaterial('LD1', { materialNo: '10000036', batchNo: 'K1' })).toBe(
      '/ldc/liteDetail/createMaterialOrBatch?docNo=LD1&moduleID=DISPATCH%2B&materialNo=10000036&batchNo=K1',
    );
    // The item scanner's title reads its module from moduleType ('Scan Carton Code' for Redress+).
    expect(paths.scanUnits('LD1')).toBe('/ldc/liteDetail/scan/materialScanner?moduleType=DISPATCH%2B&docNo=LD1');
  });
});
