import { describe, expect, it } from 'vitest';
import type { ScanUnit } from './family.ts';
import { familyOf } from './create-registry.ts';
import { FAMILIES } from './registry.ts';
import { decideRepackMove, type RepackHolder, type RepackMoveInput } from './repack.ts';

/** Repack's move rules (issue 18, decision 0048): what may go on what, and when nothing may move. */
const unit = (id: string, over: Partial<ScanUnit> = {}): ScanUnit => ({
  id,
  batchStatus: 'RELEASED',
  type: 'EA',
  parentId: null,
  status: 'ACTIVE',
  reason: 'WAREHOUSE RECEIVED',
  warehouseNo: 'W2010',
  materialNo: '10000001',
  batchNo: 'B1',
  expiry: '2028-01-31',
  label: id,
  ...over,
});
const holder = (id: string, type: 'PLT' | 'CTN', repack: RepackHolder['repack'] = null, over: Partial<ScanUnit> = {}): RepackHolder => ({
  unit: { ...unit(id, { type, materialNo: null, batchNo: null, expiry: null, ...over }), sscc: `sscc-${id}` },
  repack,
});
const carton = [unit('c1', { type: 'CTN', materialNo: null }), unit('p1', { parentId: 'c1' }), unit('p2', { parentId: 'c1' })];
const base: RepackMoveInput = { tree: carton, from: holder('old', 'PLT'), to: holder('new', 'PLT', 'REPACK_PENDING'), openDocument: null };
const refusal = (over: Partial<RepackMoveInput>) => {
  const d = decideRepackMove({ ...base, ...over });
  return d.ok ? undefined : d.refusal;
};

describe('decideRepackMove', () => {
  it('a carton goes on a pallet, a pack on a carton or a pallet; the same place again changes nothing', () => {
    expect(decideRepackMove(base)).toEqual({ ok: true, changed: true });
    expect(decideRepackMove({ ...base, tree: [unit('p9')], to: holder('c2', 'CTN') })).toEqual({ ok: true, changed: true });
    expect(decideRepackMove({ ...base, from: base.to })).toEqual({ ok: true, changed: false });
    // Off its parent, to stand on its own.
    expect(decideRepackMove({ ...base, to: null })).toEqual({ ok: true, changed: true });
  });

  it('refuses what cannot go on what: a pallet on anything, a carton on a carton', () => {
    expect(refusal({ tree: [unit('x', { type: 'PLT' })] })).toEqual({
      status: 422,
      code: 'REPACK_NOT_A_TARGET',
      params: { unit: 'pallet', target: 'pallet' },
    });
    expect(refusal({ to: holder('c2', 'CTN') })).toMatchObject({
      code: 'REPACK_NOT_A_TARGET',
      params: { unit: 'carton', target: 'carton' },
    });
  });

  it('refuses a locked unit of the tree or a locked target, another warehouse, and a unit into itself', () => {
    const tree = [carton[0]!, carton[1]!, { ...carton[2]!, status: 'TRANSIT' as const, reason: 'DISPATCHED' as const }];
    expect(refusal({ tree })).toEqual({ status: 422, code: 'REPACK_ITEM_LOCKED', params: { status: 'TRANSIT', reason: 'DISPATCHED' } });
    expect(refusal({ to: holder('new', 'PLT', null, { status: 'DESTROYED', reason: 'OTHER' }) })).toMatchObject({
      code: 'REPACK_ITEM_LOCKED',
    });
    expect(refusal({ to: holder('new', 'PLT', null, { warehouseNo: 'W3010' }) })).toEqual({
      status: 422,
      code: 'OTHER_WAREHOUSE',
      params: { warehouseNo: 'W2010', documentWarehouse: 'W3010' },
    });
    expect(refusal({ tree: [unit('p1')], to: holder('p1', 'CTN') })).toEqual({ status: 422, code: 'REPACK_INTO_ITSELF' });
  });

  it('refuses a unit held by an open document of another family first (its scan there may have locked it)', () => {
    const tree = carton.map((u) => ({ ...u, status: 'PENDING' as const, reason: 'DISPATCHED' as const }));
    expect(refusal({ tree, openDocument: { type: 'OBD', number: '8000000001' } })).toEqual({
      status: 409,
      code: 'REPACK_ON_OPEN_DOCUMENT',
      params: { type: 'OBD', number: '8000000001' },
    });
  });

  it('refuses a move into or out of a pallet or carton an open document still builds or holds, naming it (issue 27)', () => {
    const rrd = { type: 'RRD', number: '5000000202' };
    const onDocument = (id: string, type: 'PLT' | 'CTN') => ({ ...holder(id, type, 'REPACK_PENDING'), openDocument: rrd });
    expect(refusal({ tree: [unit('p9')], to: onDocument('new', 'CTN') })).toEqual({
      status: 409,
      code: 'REPACK_HOLDER_ON_OPEN_DOCUMENT',
      params: { type: 'RRD', number: '5000000202', unit: 'carton', id: 'sscc-new' },
    });
    expect(refusal({ from: onDocument('old', 'PLT'), to: null })).toEqual({
      status: 409,
      code: 'REPACK_HOLDER_ON_OPEN_DOCUMENT',
      params: { type: 'RRD', number: '5000000202', unit: 'pallet', id: 'sscc-old' },
    });
    // The moved unit's own document is named first.
    expect(refusal({ to: onDocument('new', 'PLT'), openDocument: { type: 'OBD', number: '8000000001' } })).toMatchObject({
      code: 'REPACK_ON_OPEN_DOCUMENT',
    });
    expect(decideRepackMove({ ...base, to: { ...holder('new', 'PLT', 'REPACK_PENDING'), openDocument: null } })).toEqual({
      ok: true,
      changed: true,
    });
  });

  it('the repack must be pending, and a pallet whose latest repack is complete takes no change', () => {
    const repack = { state: 'REPACK_COMPLETE' as const, destinationId: 'new', destinationSscc: 'sscc-new', remove: false };
    expect(refusal({ repack })).toEqual({ status: 409, code: 'REPACK_NOT_PENDING', params: { sscc: 'sscc-new' } });
    expect(refusal({ to: holder('new', 'PLT', 'REPACK_COMPLETE') })).toMatchObject({
      code: 'REPACK_NOT_PENDING',
      params: { sscc: 'sscc-new' },
    });
    expect(refusal({ from: holder('old', 'PLT', 'REPACK_COMPLETE') })).toMatchObject({ code: 'REPACK_NOT_PENDING' });
  });

  it('taking off: only a unit standing on the destination', () => {
    const repack = { state: 'REPACK_PENDING' as const, destinationId: 'new', destinationSscc: 'sscc-new', remove: true };
    expect(refusal({ repack, to: null })).toEqual({ status: 422, code: 'REPACK_NOT_ON_DESTINATION', params: { sscc: 'sscc-new' } });
    expect(decideRepackMove({ ...base, repack, from: holder('new', 'PLT', 'REPACK_PENDING'), to: null })).toEqual({
      ok: true,
      changed: true,
    });
  });

  it("a repack for a document takes only that document's materials", () => {
    const reference = { number: 'DOC-1', materials: ['10000001'] };
    expect(decideRepackMove({ ...base, reference })).toEqual({ ok: true, changed: true });
    const mixed = [...carton, unit('p3', { parentId: 'c1', materialNo: '10000057' })];
    expect(refusal({ tree: mixed, reference })).toEqual({
      status: 422,
      code: 'REPACK_NOT_ON_REFERENCE',
      params: { materialNo: '10000057', referenceNo: 'DOC-1' },
    });
  });

  it('putting on refuses a tree holding a pack of a held or recalled batch, naming the batch and its status; taking off is allowed (issue 30)', () => {
    const held = [carton[0]!, carton[1]!, unit('p3', { parentId: 'c1', batchNo: 'B9', batchStatus: 'ON_HOLD' })];
    expect(refusal({ tree: held })).toEqual({
      status: 422,
      code: 'BATCH_HELD_REPACK',
      params: { batchNo: 'B9', materialNo: '10000001', status: 'on hold' },
    });
    expect(refusal({ tree: [unit('p9', { batchStatus: 'RECALLED' })], to: holder('c2', 'CTN') })).toEqual({
      status: 422,
      code: 'BATCH_HELD_REPACK',
      params: { batchNo: 'B1', materialNo: '10000001', status: 'recalled' },
    });
    expect(decideRepackMove({ ...base, tree: held, to: null })).toEqual({ ok: true, changed: true });
    const repack = { state: 'REPACK_PENDING' as const, destinationId: 'new', destinationSscc: 'sscc-new', remove: true };
    expect(decideRepackMove({ ...base, tree: held, repack, from: holder('new', 'PLT', 'REPACK_PENDING'), to: null })).toMatchObject({
      ok: true,
    });
    // Released again: it goes on.
    expect(decideRepackMove({ ...base, tree: held.map((u) => ({ ...u, batchStatus: 'RELEASED' as const })) })).toMatchObject({ ok: true });
    // A locked unit is still named first.
    expect(refusal({ tree: [{ ...held[0]!, status: 'TRANSIT', reason: 'DISPATCHED' }, ...held.slice(1)] })).toMatchObject({
      code: 'REPACK_ITEM_LOCKED',
    });
  });

  it('repack is a registry family the line engine delegates: behind its own module REPACK (decision 0057), its own paths', () => {
    const repack = familyOf('REPACK')!;
    expect(FAMILIES).toContain(repack);
    expect(repack).toMatchObject({
      areas: ['RDC', 'LDC'],
      complete: { ok: 'REPACK_COMPLETED' },
      aggregates: {
        scanPath: '/api/repackScanOperation',
        completePath: '/api/repackCompleteOperator',
        add: 'packing',
        remove: 'unpacking',
      },
    });
    expect(repack.module).toBe('REPACK');
  });
});
