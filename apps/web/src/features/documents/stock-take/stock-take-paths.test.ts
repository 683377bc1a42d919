import { describe, expect, it } from 'vitest';
import { FAMILIES } from '@pharma/domain';
import { RDC_ROUTES, LDC_ROUTES } from '../../../config/routes.ts';
import { documentPaths, routeFamily } from '../../../lib/document-routes.ts';
import { routeScreen } from '../../../lib/route-screen.ts';

/** The stock take family (issue 31): read from the registry by its marker, never by name. */
const counts = FAMILIES.filter((f) => f.stockTake);

describe("the stock take's pages in the route tables (decision 0080)", () => {
  it('is one family, with every page in each area: list, details, the number step and the scan on its own routes', () => {
    expect(counts).toHaveLength(1);
    const type = counts[0]!.type;
    for (const area of ['RDC', 'LDC'] as const) {
      const at = `/${area.toLowerCase()}`;
      const paths = documentPaths(area, type)!;
      expect(paths).toMatchObject({ list: `${at}/stockTakeList`, scanDocument: `${at}/stockTakeScan/new`, detailsTitle: 'Count Details' });
      expect(paths.details('ST00000001')).toBe(`${at}/stockTakeNo/ST00000001`);
      expect(paths.scanUnits('ST00000001')).toBe(`${at}/stockTakeScan/ST00000001`);
    }
  });

  it('shows the new count form as a page of the family, and the generic scan routes hand ?p= of the family to its pages', () => {
    const type = counts[0]!.type;
    const create = RDC_ROUTES.find((r) => r.page === 'stockTakeNew')!;
    expect(routeScreen(create, {})).toBe('stockTakeNew');
    const scanPallet = RDC_ROUTES.find((r) => r.path === '/rdc/scanPallet/:queryValue')!;
    expect(routeFamily(scanPallet, new URLSearchParams({ p: type }))).toBe(type);
    const local = LDC_ROUTES.find((r) => r.path === '/ldc/ScanOperation/:queryValue')!;
    expect(routeScreen(local, { queryValue: 'ST00000001' }, new URLSearchParams({ p: type }))).toBe('scanCode');
  });
});
