import { describe, expect, it } from 'vitest';
import { message } from '../messages.ts';
import { ITEM_REASONS, UNIT_STATUSES } from '../units.ts';
import type { ScanUnit } from './family.ts';
import { dispatch } from './registry.ts';
import { decideRepackMove, type RepackHolder } from './repack.ts';
import { unsaleableInTree, unsaleableTarget } from './repack-saleable.ts';
import { isScannable } from './rules.ts';

/** Repack takes only what dispatch would take (issue 27, decision 0062). */
const unit = (id: string, over: Partial<ScanUnit> = {}): ScanUnit => ({
  id,
  batchStatus: 'RELEASED',
  type: 'EA',
  parentId: null,
  status: 'ACTIVE',
  reason: 'WAREHOUSE RECEIVED',
  warehouseNo: 'W3010',
  materialNo: '10000001',
  batchNo: 'B1',
  expiry: '2028-01-31',
  label: `(01)0950600013435${id}(21)S${id}`,
  ...over,
});
const holder = (id: string, type: 'PLT' | 'CTN', over: Partial<ScanUnit> = {}): RepackHolder => ({
  unit: { ...unit(id, { type, materialNo: null, batchNo: null, expiry: null, ...over }), sscc: `10614141000000000${id}` },
  repack: 'REPACK_PENDING',
});

describe('unsaleableInTree', () => {
  it('accepts exactly the states dispatch scans, for every status and reason', () => {
    for (const status of UNIT_STATUSES) {
      for (const reason of [...ITEM_REASONS, null]) {
        const pack = unit('1', { status, reason });
        expect(unsaleableInTree([pack]) === undefined, `${status} / ${reason}`).toBe(isScannable(dispatch, pack));
      }
    }
  });

  it("names the state as dispatch's refusal names it", () => {
    const refusal = unsaleableInTree([unit('1', { status: 'DAMAGED', reason: 'REDRESSED' })])!;
    expect(refusal).toEqual({ status: 422, code: 'REPACK_NOT_SALEABLE', params: { status: 'DAMAGED / REDRESSED' } });
    expect(message(refusal.code, refusal.params)).toBe('This item cannot be repacked: it is DAMAGED / REDRESSED, not in saleable stock.');
    expect(message('NOT_SALEABLE', refusal.params)).toBe(
      'This item cannot be dispatched: it is DAMAGED / REDRESSED, not in saleable stock.',
    );
  });

  it('names the unit inside a carton that is not saleable', () => {
    const tree = [
      unit('c', { type: 'CTN', label: '088812340000000017' }),
      unit('1', { parentId: 'c' }),
      unit('2', { parentId: 'c', status: 'QUARANTINE' }),
    ];
    const refusal = unsaleableInTree(tree)!;
    expect(message(refusal.code, refusal.params)).toBe(
      'This carton cannot be repacked: pack (01)09506000134352(21)S2 in it is QUARANTINE / WAREHOUSE RECEIVED, not in saleable stock.',
    );
  });
});

describe('unsaleableTarget', () => {
  it('refuses a destination that is not saleable stock itself, naming its SSCC and state', () => {
    expect(unsaleableTarget(holder('9', 'CTN').unit)).toBeUndefined();
    const refusal = unsaleableTarget(holder('9', 'CTN', { status: 'DAMAGED' }).unit)!;
    expect(message(refusal.code, refusal.params)).toBe(
      'Nothing can be repacked onto carton 106141410000000009: it is DAMAGED / WAREHOUSE RECEIVED, not in saleable stock.',
    );
  });
});

describe('decideRepackMove with saleable stock', () => {
  const damaged = unit('1', { status: 'DAMAGED' });
  it('refuses putting a damaged pack on, after the lock check; taking it off is allowed', () => {
    expect(decideRepackMove({ tree: [damaged], from: null, to: holder('9', 'CTN'), openDocument: null })).toMatchObject({
      ok: false,
      refusal: { code: 'REPACK_NOT_SALEABLE' },
    });
    expect(decideRepackMove({ tree: [damaged], from: holder('9', 'CTN'), to: null, openDocument: null })).toEqual({
      ok: true,
      changed: true,
    });
    const locked = unit('1', { status: 'TRANSIT', reason: 'DISPATCHED' });
    expect(decideRepackMove({ tree: [locked], from: null, to: holder('9', 'CTN'), openDocument: null })).toMatchObject({
      refusal: { code: 'REPACK_ITEM_LOCKED' },
    });
  });

  it('refuses a saleable pack onto a damaged destination', () => {
    expect(
      decideRepackMove({ tree: [unit('1')], from: null, to: holder('9', 'CTN', { status: 'DAMAGED' }), openDocument: null }),
    ).toMatchObject({
      refusal: { code: 'REPACK_TARGET_NOT_SALEABLE' },
    });
  });
});
