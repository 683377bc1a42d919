import { describe, expect, it } from 'vitest';
import { LDC_ROUTES, RDC_ROUTES, type RouteMeta } from '../config/routes.ts';
import { areaOfPath, moduleFromParam, routeModule, routeTitle } from './route-meta.ts';

const route = (path: string): RouteMeta => {
  const found = [...RDC_ROUTES, ...LDC_ROUTES].find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};
const title = (
  path: string,
  { params = {}, search = '', isWo = false }: { params?: Record<string, string>; search?: string; isWo?: boolean } = {},
) => routeTitle(route(path), { params, search: new URLSearchParams(search), isWo });

describe('routeTitle', () => {
  it('titles the regional scan operation from p, defaulting to IBD', () => {
    const path = '/rdc/scanOperation/:queryValue';
    expect(title(path)).toBe('Scan IBD No.');
    expect(title(path, { search: 'p=OBD' })).toBe('Scan OBD No.');
    expect(title(path, { search: 'p=RMA' })).toBe('Scan RMA No.');
    expect(title(path, { search: 'p=DECOMM' })).toBe('Scan Scrapping Note');
  });

  it('gives scan pallet a different header for RMA and DECOMM', () => {
    expect(title('/rdc/scanPallet/:queryValue', { search: 'p=RMA' })).toBe('Scan Item');
    expect(title('/rdc/scanPallet/:queryValue', { search: 'p=DECOMM&unit=EA' })).toBe('Scan Item');
  });

  it('titles the unit scan by the picked unit type, Scan Item with none picked (issue 27)', () => {
    expect(title('/rdc/scanPallet/:queryValue')).toBe('Scan Item');
    expect(title('/rdc/scanPallet/:queryValue', { search: 'p=IBD&unit=PLT' })).toBe('Scan Pallet');
    expect(title('/rdc/scanPallet/:queryValue', { search: 'p=OBD&unit=CTN' })).toBe('Scan Carton');
    expect(title('/rdc/scanPallet/:queryValue', { search: 'p=IBD&unit=EA' })).toBe('Scan Pack');
    expect(title('/rdc/scanPallet/:queryValue', { search: 'unit=nonsense' })).toBe('Scan Item');
  });

  it('titles repack completion by destination type', () => {
    expect(title('/ldc/repackComplete/repackCompletionDetail', { search: 'destinationType=PLT' })).toBe('Repack - View Pallet');
    expect(title('/ldc/repackComplete/repackCompletionDetail', { search: 'destinationType=CTN' })).toBe('Repack - View Carton');
  });

  it('titles the lite material scanner by module', () => {
    expect(title('/ldc/liteDetail/scan/materialScanner', { search: 'moduleType=REDRESS%2B' })).toBe('Scan Carton Code');
    expect(title('/ldc/liteDetail/scan/materialScanner', { search: 'moduleType=DISPATCH%2B' })).toBe('Scan Item Code(s)');
  });

  it('reads WO or OBD for ScanLite and Dispatch lists by the isWo flag', () => {
    expect(title('/ldc/doList/:moduleType', { params: { moduleType: 'SCANLITE' }, isWo: true })).toBe('WO List');
    expect(title('/ldc/doList/:moduleType', { params: { moduleType: 'OBD' }, isWo: false })).toBe('OBD List');
    expect(title('/ldc/doDetails/:moduleType', { params: { moduleType: 'DISPATCH' }, isWo: true })).toBe('WO Details');
    expect(title('/ldc/doDetails/:moduleType', { params: { moduleType: 'OBD' } })).toBe('OBD Details');
  });

  it('names lite lists and details by family', () => {
    expect(title('/ldc/liteLists/:moduleType', { params: { moduleType: 'DISPATCH+' } })).toBe('Dispatch+ List');
    expect(title('/ldc/liteDetail/:moduleType', { params: { moduleType: 'rtp+' } })).toBe('RTP+ Details');
    expect(title('/ldc/liteLists/:moduleType', { params: { moduleType: 'FOO' } })).toBe('Page not found');
  });

  it('uses the static title otherwise', () => {
    expect(title('/rdc/ibdList')).toBe('Receiving');
    expect(title('/rdc/ibdNo/:ibdNo')).toBe('IBD Details');
    expect(title('/rdc/repackViewPallet')).toBe('Repack - View Pallet');
    expect(title('/ldc/transferList')).toBe('STO List');
  });
});

describe('modules and areas of routes', () => {
  it('reads the module of a :moduleType segment', () => {
    expect(moduleFromParam('OBD')).toBe('DISPATCH');
    expect(moduleFromParam('scanlite')).toBe('SCANLITE');
    expect(moduleFromParam('DISPATCH+')).toBe('DISPATCH+');
    expect(moduleFromParam('nonsense')).toBeUndefined();
    expect(moduleFromParam(undefined)).toBeUndefined();
    expect(routeModule(route('/ldc/liteLists/:moduleType'), { moduleType: 'RTP+' })).toBe('RTP+');
    expect(routeModule(route('/rdc/obdList'), {})).toBe('DISPATCH');
  });

  it('reads the module of a lite material page from its moduleID query parameter', () => {
    const page = route('/ldc/liteDetail/createMaterialOrBatch');
    expect(routeModule(page, {}, new URLSearchParams('docNo=D1&moduleID=RECEIVE%2B'))).toBe('RECEIVE+');
    expect(routeModule(page, {}, new URLSearchParams('moduleType=redress%2B'))).toBe('REDRESS+');
    expect(routeModule(page, {}, new URLSearchParams(''))).toBeUndefined();
  });

  it('finds the area of a path', () => {
    expect(areaOfPath('/rdc/ibdList')).toBe('RDC');
    expect(areaOfPath('/ldc')).toBe('LDC');
    expect(areaOfPath('/restricted')).toBeUndefined();
  });
});
