import { describe, expect, it } from 'vitest';
import { FAMILIES } from '@pharma/domain';
import { LDC_ROUTES, RDC_ROUTES, type RouteMeta } from '../config/routes.ts';
import { documentPath, documentPaths, routeDocumentNumber, routeFamily } from './document-routes.ts';
import { documentDetailsTitle, routeModule } from './route-meta.ts';

const route = (path: string): RouteMeta => {
  const found = [...RDC_ROUTES, ...LDC_ROUTES].find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
const p = (query: string) => new URLSearchParams(query);

describe('document paths from the route tables', () => {
  it('finds every regional page of every family', () => {
    expect(documentPaths('RDC', 'IBD')).toMatchObject({
      list: '/rdc/ibdList',
      scanDocument: '/rdc/scanOperation/new?p=IBD',
      detailsTitle: 'IBD Details',
    });
    const obd = documentPaths('RDC', 'OBD')!;
    expect(obd).toMatchObject({ list: '/rdc/obdList', scanDocument: '/rdc/scanOperation/new?p=OBD', detailsTitle: 'OBD Details' });
    expect(obd.details('OBD 1/2')).toBe('/rdc/obdNo/OBD%201%2F2');
    expect(obd.scanUnits('4000001')).toBe('/rdc/scanPallet/4000001?p=OBD');
    expect(documentPaths('RDC', 'RMA')?.details('R1')).toBe('/rdc/rmaNo/R1');
    expect(documentPaths('RDC', 'DECOMM')).toMatchObject({ list: '/rdc/decommList', detailsTitle: 'Scrapping Details' });
    // A family with its own pages (repack, decision 0048) has no generic document pages; the stock take's
    // are in the route tables (decision 0080).
    for (const family of FAMILIES.filter((f) => f.areas.includes('RDC') && !f.aggregates))
      expect(documentPaths('RDC', family.type), family.type).toBeDefined();
  });

  it('finds local receiving on the local scan route, which is both the number step and the unit scan', () => {
    const ibd = documentPaths('LDC', 'IBD')!;
    expect(ibd).toMatchObject({ list: '/ldc/ibdList', scanDocument: '/ldc/ScanOperation/new?p=IBD', detailsTitle: 'IBD Details' });
    expect(ibd.details('1800000201')).toBe('/ldc/ibdDetails/1800000201');
    expect(ibd.scanUnits('1800000201')).toBe('/ldc/ScanOperation/1800000201?p=IBD');
  });

  it('finds local returns and scrapping on their own list and details routes and the local scan route', () => {
    expect(documentPaths('LDC', 'RMA')).toMatchObject({
      list: '/ldc/rmaList',
      scanDocument: '/ldc/ScanOperation/new?p=RMA',
      detailsTitle: 'RMA Details',
    });
    expect(documentPaths('LDC', 'RMA')?.details('6000000201')).toBe('/ldc/rmaDetails/6000000201');
    const decomm = documentPaths('LDC', 'DECOMM')!;
    expect(decomm).toMatchObject({
      list: '/ldc/decommList',
      scanDocument: '/ldc/ScanOperation/new?p=DECOMM',
      detailsTitle: 'Scrapping Details',
    });
    expect(decomm.details('7000000201')).toBe('/ldc/decommDetails/7000000201');
    expect(decomm.scanUnits('7000000201')).toBe('/ldc/ScanOperation/7000000201?p=DECOMM');
  });

  it('finds local dispatch on the document list and details routes, the number of the details in ?docNo=', () => {
    const obd = documentPaths('LDC', 'OBD')!;
    expect(obd).toMatchObject({ list: '/ldc/doList/OBD', scanDocument: '/ldc/ScanOperation/new?p=OBD', detailsTitle: 'OBD Details' });
    expect(obd.details('8000000201')).toBe('/ldc/doDetails/OBD?docNo=8000000201');
    expect(obd.scanUnits('8000000201')).toBe('/ldc/ScanOperation/8000000201?p=OBD');
    expect(documentPath('LDC', 'OBD', 'scanUnits', '1')).toBe('/ldc/ScanOperation/1?p=OBD');
  });

  it('finds ScanLite on the document list and details routes, its counted scan on /ldc/scanLiteScanOperation (decision 0027)', () => {
    const lite = documentPaths('LDC', 'SCANLITE')!;
    expect(lite).toMatchObject({
      list: '/ldc/doList/SCANLITE',
      scanDocument: '/ldc/ScanOperation/new?p=SCANLITE',
      detailsTitle: 'OBD Details',
    });
    expect(lite.details('9000000201')).toBe('/ldc/doDetails/SCANLITE?docNo=9000000201');
    expect(lite.scanUnits('9000000201')).toBe('/ldc/scanLiteScanOperation/9000000201');
    // Dispatch keeps its own scan: the ScanLite route serves ScanLite only.
    expect(documentPaths('LDC', 'OBD')!.scanUnits('1')).toBe('/ldc/ScanOperation/1?p=OBD');
    expect(documentPaths('RDC', 'SCANLITE')).toBeUndefined();
  });

  it('finds local transfers and returns to principal, and every local family', () => {
    expect(documentPaths('LDC', 'STO')).toMatchObject({
      list: '/ldc/transferList',
      scanDocument: '/ldc/ScanOperation/new?p=STO',
      detailsTitle: 'STO Details',
    });
    expect(documentPaths('LDC', 'STO')?.details('4500000201')).toBe('/ldc/transferDetails/4500000201');
    expect(documentPaths('LDC', 'RTP')).toMatchObject({
      list: '/ldc/rtpList',
      scanDocument: '/ldc/ScanOperation/new?p=RTP',
      detailsTitle: 'RTP Details',
    });
    expect(documentPaths('LDC', 'RTP')?.scanUnits('5')).toBe('/ldc/ScanOperation/5?p=RTP');
    for (const family of FAMILIES.filter((f) => f.areas.includes('LDC') && !f.aggregates))
      expect(documentPaths('LDC', family.type), family.type).toBeDefined();
  });

  it("titles the way back to a family's details as its header: local dispatch as OBD or WO Details by isWo", () => {
    expect(documentDetailsTitle('LDC', 'OBD', false)).toBe('OBD Details');
    expect(documentDetailsTitle('LDC', 'OBD', true)).toBe('WO Details');
    expect(documentDetailsTitle('RDC', 'OBD', true)).toBe('OBD Details');
    expect(documentDetailsTitle('LDC', 'DECOMM', true)).toBe('Scrapping Details');
  });

  it('reads the document number from the route parameter, or from the number query parameter', () => {
    expect(routeDocumentNumber(route('/rdc/obdNo/:obdNo'), { obdNo: '7' })).toBe('7');
    expect(routeDocumentNumber(route('/ldc/doDetails/:moduleType'), { moduleType: 'OBD' }, p('docNo=8000000201'))).toBe('8000000201');
    expect(routeDocumentNumber(route('/ldc/doDetails/:moduleType'), { moduleType: 'OBD' }, p(''))).toBe('');
    expect(routeDocumentNumber(route('/ldc/ScanOperation/:queryValue'), { queryValue: 'new' }, p('p=OBD'))).toBe('new');
  });

  it('has no pages for a family the area does not run yet, nor for a family without an entry', () => {
    // Transfers and returns to principal are local families only.
    expect(documentPaths('RDC', 'STO')).toBeUndefined();
    expect(documentPaths('RDC', 'RTP')).toBeUndefined();
    expect(documentPath('RDC', 'OBD', 'documentDetails', '7')).toBe('/rdc/obdNo/7');
  });
});

describe('the family of a route', () => {
  it('is the list and details routes’ own', () => {
    expect(routeFamily(route('/rdc/obdList'))).toBe('OBD');
    expect(routeFamily(route('/rdc/decommNo/:decommNo'))).toBe('DECOMM');
    expect(routeFamily(route('/ldc/ibdDetails/:ibdDetails'))).toBe('IBD');
    expect(routeFamily(route('/ldc/rmaList'))).toBe('RMA');
    expect(routeFamily(route('/ldc/doList/:moduleType'), p(''), { moduleType: 'OBD' })).toBe('OBD');
    expect(routeFamily(route('/ldc/doDetails/:moduleType'), p(''), { moduleType: 'obd' })).toBe('OBD');
    // ScanLite's list and details are the same routes (decision 0027); a segment naming another family shows none.
    expect(routeFamily(route('/ldc/doList/:moduleType'), p(''), { moduleType: 'SCANLITE' })).toBe('SCANLITE');
    expect(routeFamily(route('/ldc/doDetails/:moduleType'), p(''), { moduleType: 'scanlite' })).toBe('SCANLITE');
    expect(routeFamily(route('/ldc/doList/:moduleType'), p(''), { moduleType: 'RMA' })).toBeUndefined();
    expect(routeFamily(route('/ldc/scanLiteScanOperation/:doNo'))).toBe('SCANLITE');
    expect(routeFamily(route('/ldc/decommDetails/:decommDetails'))).toBe('DECOMM');
  });

  it("is the scan routes' p parameter, IBD by default, when the area lists that family", () => {
    const scan = route('/rdc/scanOperation/:queryValue');
    expect(routeFamily(scan, p(''))).toBe('IBD');
    expect(routeFamily(scan, p('p=OBD'))).toBe('OBD');
    expect(routeFamily(scan, p('p=rma'))).toBe('RMA');
    expect(routeFamily(route('/rdc/scanPallet/:queryValue'), p('p=DECOMM'))).toBe('DECOMM');
    expect(routeFamily(route('/rdc/scanHandlingUnit/:queryValue'), p('p=OBD'))).toBe('OBD');
    expect(routeFamily(scan, p('p=STO'))).toBeUndefined();
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=IBD'))).toBe('IBD');
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=RMA'))).toBe('RMA');
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=DECOMM'))).toBe('DECOMM');
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=OBD'))).toBe('OBD');
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=STO'))).toBe('STO');
    // Redress's PO No. step is the local scan route's; its scan is its own page (decision 0036).
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=RRD'))).toBe('RRD');
    expect(routeFamily(route('/ldc/ScanOperation/:queryValue'), p('p=REPACK'))).toBeUndefined();
    expect(documentPath('LDC', 'RRD', 'scanUnits', '5000000201')).toBe('/ldc/rrdScanOperation/rrdDocTagging/5000000201?docNo=5000000201');
    expect(documentPath('LDC', 'RRD', 'documentList')).toBe('/ldc/rrdList');
  });

  it('makes a scan route need the module of its family (the permission follows ?p=)', () => {
    const scan = route('/rdc/scanOperation/:queryValue');
    expect(routeModule(scan, {}, p(''))).toBe('RECEIVE');
    expect(routeModule(scan, {}, p('p=OBD'))).toBe('DISPATCH');
    expect(routeModule(route('/rdc/scanPallet/:queryValue'), {}, p('p=RMA'))).toBe('RETURN');
    expect(routeModule(route('/rdc/scanHandlingUnit/:queryValue'), {}, p('p=DECOMM'))).toBe('DECOMM');
    expect(routeModule(route('/ldc/ScanOperation/:queryValue'), {}, p('p=IBD'))).toBe('RECEIVE');
    expect(routeModule(route('/rdc/obdNo/:obdNo'), {})).toBe('DISPATCH');
    expect(routeModule(route('/ldc/doList/:moduleType'), { moduleType: 'OBD' })).toBe('DISPATCH');
    expect(routeModule(route('/ldc/doList/:moduleType'), { moduleType: 'SCANLITE' })).toBe('SCANLITE');
  });
});
