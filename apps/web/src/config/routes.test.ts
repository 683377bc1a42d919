import { describe, expect, it } from 'vitest';
import { APP_ROUTES, LDC_ROUTES, OTHER_ROUTES, RDC_ROUTES } from './routes.ts';

/** Spec point 2's route tables, verbatim with {x} as :x. */
const SPEC_RDC =
  '/rdc /rdc/login /rdc/ibdList /rdc/searchPage /rdc/createPallet /rdc/repackScan /rdc/scanOperation/:queryValue /rdc/scanPallet/:queryValue /rdc/carton/:cartsscc /rdc/carton/cartonDetails/cartonDetail /rdc/carton/cartonDetails/packList /rdc/ibdNo/:ibdNo /rdc/pack/packDetails/packDetail /rdc/pallet/palletDetails/cartonList /rdc/pallet/palletDetails/palletDetail /rdc/pallet/repack /rdc/pallet/:sscc /rdc/obdList /rdc/obdNo/:obdNo /rdc/decommList /rdc/decommNo/:decommNo /rdc/rmaList /rdc/rmaNo/:rmaNo /rdc/scanHandlingUnit/:queryValue /rdc/repackViewPallet';
const SPEC_LDC =
  '/ldc /ldc/login /ldc/doList/:moduleType /ldc/doDetails/:moduleType /ldc/rmaList /ldc/rmaDetails/:rmaDetails /ldc/ScanOperation/:queryValue /ldc/rrdScanOperation/rrdDocTagging/:bprNo /ldc/rrdScanOperation/SeriesAndNonSeriesScanner /ldc/rrdScanOperation/rrdDocTagging/scanCarton /ldc/rrdScanOperation/replaceItemScan /ldc/itemDetails/:sscc /ldc/rrdList /ldc/rrdDetails/:rrdDetails /ldc/ibdList /ldc/ibdDetails/:ibdDetails /ldc/decommList /ldc/decommDetails/:decommDetails /ldc/repackScanOperation/:queryValue /ldc/repackOutsideDocsScanOperation /ldc/scanFillData /ldc/searchPageLDC /ldc/repackComplete/repackCompletionDetail /ldc/scanLiteScanOperation/:doNo /ldc/settings /ldc/liteDetail/:moduleType /ldc/liteDetail/createMaterialOrBatch /ldc/liteDetail/materialDetails /ldc/liteDetail/materialAndBatchScanner /ldc/liteDetail/scan/materialScanner /ldc/liteLists/:moduleType /ldc/rtpList /ldc/rtpDetails/:rtpDetails /ldc/transferList /ldc/transferDetails/:transferDetails';
const SPEC_OTHER = '/ /restricted /403 /404 /NotFound /500 /register';

const paths = (routes: { path: string }[]) => routes.map((r) => r.path);
const STOCK_TAKE_PATHS = (area: string) =>
  ['/stockTakeList', '/stockTakeNo/:stockTakeNo', '/stockTakeScan/:stockTakeNo', '/stockTakeNew'].map((p) => `/${area}${p}`);

describe('route table', () => {
  it('mirrors every route of spec point 2', () => {
    expect(paths(RDC_ROUTES)).toEqual(expect.arrayContaining(SPEC_RDC.split(' ')));
    // And ours: the Recall page (issue 30, decision 0074), the Reports page (issue 32, decision 0077), the Verification page
    // (issue 28, decision 0081) and the stock take's (issue 31, decision 0080). A family's pages are its registry
    // entry's (decision 0086), so the table lists them after the area's own pages: compared in any order.
    expect(paths(LDC_ROUTES).sort()).toEqual(
      [...SPEC_LDC.split(' '), '/ldc/recall', '/ldc/reports', '/ldc/verification', ...STOCK_TAKE_PATHS('ldc')].sort(),
    );
    expect(paths(OTHER_ROUTES)).toEqual(SPEC_OTHER.split(' '));
  });

  it('has no duplicate paths and a title for every route', () => {
    const all = [...RDC_ROUTES, ...LDC_ROUTES, ...OTHER_ROUTES, ...APP_ROUTES];
    expect(new Set(paths(all)).size).toBe(all.length);
    for (const route of all) expect(route.title, route.path).not.toBe('');
  });

  it('makes public exactly the spec public pages and the login pages', () => {
    const publicPaths = [...RDC_ROUTES, ...LDC_ROUTES, ...OTHER_ROUTES].filter((r) => r.public).map((r) => r.path);
    expect(publicPaths.sort()).toEqual([...SPEC_OTHER.split(' '), '/rdc/login', '/ldc/login'].sort());
  });

  it('gives the regional home an inert back button and repack view none', () => {
    expect(RDC_ROUTES.find((r) => r.path === '/rdc')?.back).toBe('none');
    expect(RDC_ROUTES.find((r) => r.path === '/rdc/repackViewPallet')?.back).toBe('hidden');
  });

  it('declares the feature of every list, details, material and search page (spec point 6)', () => {
    const need = (path: string) => {
      const r = [...RDC_ROUTES, ...LDC_ROUTES].find((x) => x.path === path);
      return r && { module: r.module, feature: r.feature };
    };
    expect(need('/rdc/ibdList')).toEqual({ module: 'RECEIVE', feature: 'List' });
    expect(need('/rdc/obdNo/:obdNo')).toEqual({ module: 'DISPATCH', feature: 'DetailsPage' });
    expect(need('/ldc/liteLists/:moduleType')).toEqual({ module: 'param', feature: 'List' });
    expect(need('/ldc/liteDetail/:moduleType')).toEqual({ module: 'param', feature: 'DetailsPage' });
    expect(need('/ldc/liteDetail/createMaterialOrBatch')).toEqual({ module: 'query', feature: 'CreateMaterialBatch' });
    expect(need('/ldc/liteDetail/materialDetails')).toEqual({ module: 'query', feature: 'MaterialDetails' });
    expect(need('/rdc/searchPage')).toEqual({ module: 'GLOBAL', feature: 'Search' });
    expect(need('/ldc/searchPageLDC')).toEqual({ module: 'GLOBAL', feature: 'Search' });
    const lists = [...RDC_ROUTES, ...LDC_ROUTES].filter(
      (r) => /List(\/|$)|Lists\//.test(r.path) && !r.path.includes('palletDetails') && !r.path.includes('packList'),
    );
    for (const r of lists) expect(r.feature, r.path).toBe('List');
  });

  it('puts every printing, new SSCC and repack page behind its module and action (decision 0057)', () => {
    const need = (path: string) => {
      const r = [...RDC_ROUTES, ...LDC_ROUTES].find((x) => x.path === path);
      return r && { module: r.module, feature: r.feature, action: r.action };
    };
    const on = (module: string, action?: string, feature?: string) => ({ module, feature, action });
    expect(need('/rdc/createPallet')).toEqual(on('REPACK', 'CreateItem'));
    expect(need('/rdc/printLabel')).toEqual(on('GLOBAL', 'Print'));
    for (const path of [
      '/rdc/repackScan',
      '/rdc/pallet/repack',
      '/ldc/repackScanOperation/:queryValue',
      '/ldc/repackOutsideDocsScanOperation',
    ]) {
      expect(need(path), path).toEqual(on('REPACK', 'Scan'));
    }
    for (const path of ['/rdc/repackViewPallet', '/ldc/repackComplete/repackCompletionDetail']) {
      expect(need(path), path).toEqual(on('REPACK', undefined, 'DetailsPage'));
    }
  });

  it('puts the Recall page of each area behind module RECALL and its details page (issue 30)', () => {
    for (const route of [...RDC_ROUTES, ...LDC_ROUTES].filter((r) => r.page === 'recall')) {
      expect({ path: route.path, module: route.module, feature: route.feature, action: route.action }).toEqual({
        path: `/${route.area!.toLowerCase()}/recall`,
        module: 'RECALL',
        feature: 'DetailsPage',
        action: undefined,
      });
    }
    expect([...RDC_ROUTES, ...LDC_ROUTES].filter((r) => r.page === 'recall').map((r) => r.path)).toEqual(['/rdc/recall', '/ldc/recall']);
  });

  it('puts the Reports page of each area behind module REPORTS and its details page (issue 32)', () => {
    const reports = [...RDC_ROUTES, ...LDC_ROUTES].filter((r) => r.page === 'reports');
    expect(reports.map((r) => ({ path: r.path, title: r.title, module: r.module, feature: r.feature, action: r.action }))).toEqual(
      ['/rdc/reports', '/ldc/reports'].map((path) => ({
        path,
        title: 'Reports',
        module: 'REPORTS',
        feature: 'DetailsPage',
        action: undefined,
      })),
    );
  });

  it('puts the Verification page of each area behind module VERIFY and its details page (issue 28)', () => {
    const pages = [...RDC_ROUTES, ...LDC_ROUTES].filter((r) => r.page === 'verification');
    expect(pages.map((r) => ({ path: r.path, title: r.title, module: r.module, feature: r.feature, action: r.action }))).toEqual(
      ['/rdc/verification', '/ldc/verification'].map((path) => ({
        path,
        title: 'Verification',
        module: 'VERIFY',
        feature: 'DetailsPage',
        action: undefined,
      })),
    );
  });

  it("puts the stock take's pages of each area behind module STOCKTAKE: list, details, scan, and the new count behind CreateCount (issue 31)", () => {
    for (const area of ['rdc', 'ldc'] as const) {
      const own = [...RDC_ROUTES, ...LDC_ROUTES].filter((r) => r.area === area.toUpperCase() && r.module === 'STOCKTAKE');
      expect(
        own.map((r) => ({ path: r.path, title: r.title, family: r.family, feature: r.feature, action: r.action, page: r.page })),
      ).toEqual([
        { path: `/${area}/stockTakeList`, title: 'Stock Take', family: 'COUNT', feature: 'List', action: undefined, page: 'documentList' },
        {
          path: `/${area}/stockTakeNo/:stockTakeNo`,
          title: 'Count Details',
          family: 'COUNT',
          feature: 'DetailsPage',
          action: undefined,
          page: 'documentDetails',
        },
        {
          path: `/${area}/stockTakeScan/:stockTakeNo`,
          title: 'Scan Count',
          family: 'COUNT',
          feature: undefined,
          action: undefined,
          page: 'scanCode',
        },
        {
          path: `/${area}/stockTakeNew`,
          title: 'New Count',
          family: 'COUNT',
          feature: undefined,
          action: 'CreateCount',
          page: 'stockTakeNew',
        },
      ]);
      expect(own.every((r) => !r.public)).toBe(true);
    }
  });

  it('puts the admin screen behind the ADMIN right, outside the areas', () => {
    expect(APP_ROUTES).toEqual([expect.objectContaining({ path: '/admin', right: 'ADMIN', page: 'admin' })]);
    expect(APP_ROUTES[0]?.area).toBeUndefined();
    expect(APP_ROUTES[0]?.public).toBeUndefined();
  });
});
