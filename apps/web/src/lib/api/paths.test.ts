import { describe, expect, expectTypeOf, it } from 'vitest';
import { areaQuery } from '../area-query.ts';
import { apiUrl, type CompletePath, type DetailsPath, type ListPath } from './paths.ts';

describe('apiUrl', () => {
  it('puts each path parameter in its place as one encoded segment', () => {
    expect(apiUrl('/api/admin/users/{id}', { path: { id: 'a/b c' } })).toBe('/api/admin/users/a%2Fb%20c');
    expect(apiUrl('/api/batches/{materialNo}/{batchNo}/status', { path: { materialNo: 'M1', batchNo: 'B/1.2' } })).toBe(
      '/api/batches/M1/B%2F1.2/status',
    );
  });

  it('adds the query in its order, a list as its name repeated, and leaves out what is undefined', () => {
    expect(apiUrl('/api/me')).toBe('/api/me');
    expect(apiUrl('/api/ibdList', { query: { page: 2, status: ['OPEN', 'IN PROGRESS'], search: undefined, sort: 'recent' } })).toBe(
      '/api/ibdList?page=2&status=OPEN&status=IN+PROGRESS&sort=recent',
    );
    expect(apiUrl('/api/reports/stock', { query: { batchNo: 'B/1 &2' } })).toBe('/api/reports/stock?batchNo=B%2F1+%262');
  });

  it('leaves regional calls without an area and adds ?area= for the local area, last', () => {
    expect(apiUrl('/api/ibdNo/{ibdNo}', { path: { ibdNo: '1' }, query: areaQuery('RDC') })).toBe('/api/ibdNo/1');
    expect(apiUrl('/api/ibdNo/{ibdNo}', { path: { ibdNo: '1' }, query: areaQuery('LDC') })).toBe('/api/ibdNo/1?area=LDC');
    expect(apiUrl('/api/ibdList', { query: { page: 1, ...areaQuery('LDC') } })).toBe('/api/ibdList?page=1&area=LDC');
  });
});

describe('the types of the paths the family registry names', () => {
  it('hold the generated paths of their kind, and no other', () => {
    expectTypeOf<'/api/ibdList' | '/api/lite/dispatchList' | '/api/stockTakes'>().toExtend<ListPath>();
    expectTypeOf<'/api/me'>().not.toExtend<ListPath>();
    expectTypeOf<'/api/ibdNo/{ibdNo}' | '/api/rrdDetails/{rrdDetails}'>().toExtend<DetailsPath>();
    expectTypeOf<'/api/completeReceive' | '/api/completeRrd'>().toExtend<CompletePath>();
    expectTypeOf<'/api/completeReceive'>().not.toExtend<DetailsPath>();
  });
});
