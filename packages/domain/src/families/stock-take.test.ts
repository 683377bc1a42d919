import { describe, expect, it } from 'vitest';
import { editableStatuses } from '../rules/item-status.ts';
import { inStockState, stateChangeMovement } from '../rules/ledger.ts';
import { familyAction } from './family.ts';
import { FAMILIES, stockTake } from './registry.ts';
import {
  foundState,
  isCountedPack,
  lineWithoutReason,
  stockTakeNumber,
  stockTakeVariance as fromParts,
  type CountedUnit,
  type MovedDuringCount,
  type SnapshotUnit,
} from './stock-take.ts';

/** The variance from the whole snapshot and every unit counted, split as the server's reads split them. */
function stockTakeVariance(input: {
  warehouseNo: string;
  scope: { materialNo?: string; batchNo?: string };
  snapshot: readonly SnapshotUnit[];
  counted: readonly CountedUnit[];
  moved: readonly MovedDuringCount[];
}) {
  const counted = new Set(input.counted.map((c) => c.unitId));
  const inSnapshot = new Set(input.snapshot.map((s) => s.unitId));
  const moved = new Set(input.moved.map((m) => m.unitId));
  const totals = new Map<string, { materialNo: string | null; batchNo: string | null; packs: number }>();
  for (const s of input.snapshot.filter((u) => isCountedPack(u.type))) {
    const key = `${s.materialNo}|${s.batchNo}`;
    const t = totals.get(key) ?? { materialNo: s.materialNo, batchNo: s.batchNo, packs: 0 };
    t.packs += 1;
    totals.set(key, t);
  }
  return fromParts({
    warehouseNo: input.warehouseNo,
    scope: input.scope,
    totals: [...totals.values()],
    exceptions: input.snapshot
      .filter((s) => !counted.has(s.unitId) || moved.has(s.unitId))
      .map((s) => ({ ...s, counted: counted.has(s.unitId) })),
    extra: input.counted.filter((c) => !inSnapshot.has(c.unitId)),
    moved: input.moved,
  });
}

const pack = (id: string, materialNo = 'M1', batchNo = 'B1'): SnapshotUnit => ({
  unitId: id,
  type: 'EA',
  label: `G/${id}`,
  materialNo,
  batchNo,
});
const counted = (s: SnapshotUnit, was: Partial<CountedUnit> = {}): CountedUnit => ({
  ...s,
  wasWarehouseNo: 'W1',
  wasStatus: 'ACTIVE',
  wasReason: 'WAREHOUSE RECEIVED',
  ...was,
});

describe('the stock take (issue 31, decision 0079)', () => {
  it('numbers counts ST and eight digits', () => {
    expect(stockTakeNumber(1)).toBe('ST00000001');
    expect(stockTakeNumber(12345678)).toBe('ST12345678');
  });

  it('is one registry entry that moves no unit: the engine hands its scans over by its marker, with its own action', () => {
    expect(FAMILIES.filter((f) => f.stockTake).map((f) => f.type)).toEqual(['COUNT']);
    expect(stockTake.scannable).toEqual([]);
    expect(familyAction(stockTake, 'Scan')).toBe('Count');
    expect(familyAction(stockTake, 'Complete')).toBe('CompleteCount');
    // Every other family keeps the engine's action.
    for (const f of FAMILIES.filter((x) => !x.stockTake)) expect(familyAction(f, 'Scan')).toBe('Scan');
    // CBV 2.0 section 7.1: the business step of a count.
    expect(stockTake.cbv.bizStep).toBe('cycle_counting');
  });

  it('lists the packs expected and not counted as missing, those counted and not expected as found, each line apart', () => {
    const a = pack('a');
    const b = pack('b');
    const c = pack('c', 'M2', 'B9');
    const stranger = pack('x');
    const v = stockTakeVariance({
      warehouseNo: 'W1',
      scope: {},
      snapshot: [a, b, c],
      counted: [counted(a), counted(stranger, { wasWarehouseNo: 'W2' })],
      moved: [],
    });
    expect(v.lines).toEqual([
      {
        materialNo: 'M1',
        batchNo: 'B1',
        expected: 2,
        counted: 2,
        missing: ['G/b'],
        found: [{ id: 'G/x', expectedWarehouseNo: 'W2', expectedStatus: 'ACTIVE' }],
        movedDuringCount: [],
      },
      { materialNo: 'M2', batchNo: 'B9', expected: 1, counted: 0, missing: ['G/c'], found: [], movedDuringCount: [] },
    ]);
    expect(v.missingIds).toEqual(['b', 'c']);
    expect(v.foundIds).toEqual(['x']);
  });

  it('lists units moved during the count apart: neither missing nor found, nor expected', () => {
    const a = pack('a');
    const gone = pack('gone');
    const arrived = pack('new');
    const v = stockTakeVariance({
      warehouseNo: 'W1',
      scope: {},
      snapshot: [a, gone],
      // Counted while in this warehouse's stock, yet not in the snapshot: it came in while the count ran.
      counted: [counted(a), counted(arrived)],
      moved: [
        { unitId: 'gone', docType: 'OBD', docNo: '8000000101' },
        { unitId: 'new', docType: 'IBD', docNo: '1800000101' },
      ],
    });
    expect(v.lines[0]).toMatchObject({ expected: 1, counted: 1, missing: [], found: [] });
    expect(v.lines[0]!.movedDuringCount).toEqual([
      { id: 'G/gone', docType: 'OBD', docNo: '8000000101' },
      { id: 'G/new', docType: 'IBD', docNo: '1800000101' },
    ]);
    expect(v.missingIds).toEqual([]);
    expect(v.foundIds).toEqual([]);
  });

  it('names a pallet or carton not counted as a missing container; leaves counted units out of a material scope', () => {
    const pallet: SnapshotUnit = { unitId: 'p', type: 'PLT', label: '000000000000000001', materialNo: null, batchNo: null };
    const other = pack('o', 'M2');
    const v = stockTakeVariance({
      warehouseNo: 'W1',
      scope: { materialNo: 'M1' },
      snapshot: [pallet],
      counted: [counted(other, { wasWarehouseNo: 'W2' })],
      moved: [],
    });
    expect(v.missingContainers).toEqual(['000000000000000001']);
    expect(v.lines).toEqual([]);
  });

  it('needs a reason for each line with a difference, and a text with Other', () => {
    const v = stockTakeVariance({
      warehouseNo: 'W1',
      scope: {},
      snapshot: [pack('a'), pack('b', 'M2')],
      counted: [counted(pack('a'))],
      moved: [],
    });
    expect(lineWithoutReason(v.lines, [])?.materialNo).toBe('M2');
    expect(lineWithoutReason(v.lines, [{ materialNo: 'M2', batchNo: 'B1', reason: 'OTHER', text: ' ' }])?.materialNo).toBe('M2');
    expect(lineWithoutReason(v.lines, [{ materialNo: 'M2', batchNo: 'B1', reason: 'DAMAGED' }])).toBeUndefined();
  });

  it('gives MISSING its row of the item status table: not editable, out of stock, a movement adjusted', () => {
    expect(editableStatuses({ statuses: ['MISSING'], reasons: ['WAREHOUSE RECEIVED'] })).toEqual([]);
    expect(inStockState({ status: 'MISSING', reason: 'WAREHOUSE RECEIVED' })).toBe(false);
    const before = { status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' } as const;
    expect(stateChangeMovement(before, { status: 'MISSING', reason: 'WAREHOUSE RECEIVED' }, 2)).toEqual({ column: 'adjusted', packs: -2 });
  });

  it('brings a found unit back ACTIVE, keeping a saleable reason', () => {
    expect(foundState('RETURNED')).toEqual({ status: 'ACTIVE', reason: 'RETURNED' });
    expect(foundState('DISPATCHED')).toEqual({ status: 'ACTIVE', reason: 'WAREHOUSE RECEIVED' });
  });
});
