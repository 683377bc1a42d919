import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, type AllocLine } from './allocate.ts';

const lines: AllocLine[] = [
  { lineNo: 10, materialNo: 'M1', batchNo: 'B1', quantity: 100 },
  { lineNo: 20, materialNo: 'M1', batchNo: 'B1', quantity: 50 },
  { lineNo: 30, materialNo: 'M2', batchNo: null, quantity: 10 },
];

describe('allocate', () => {
  it('fills lines of the material and batch in line order', () => {
    const r = allocate(lines, [{ materialNo: 'M1', batchNo: 'B1', count: 120 }]);
    expect(r).toEqual({
      ok: true,
      scanned: new Map([
        [10, 100],
        [20, 20],
        [30, 0],
      ]),
    });
  });
  it('a line without a batch takes any batch of its material', () => {
    const r = allocate(lines, [
      { materialNo: 'M2', batchNo: 'X', count: 4 },
      { materialNo: 'M2', batchNo: 'Y', count: 6 },
    ]);
    expect(r.ok && r.scanned.get(30)).toBe(10);
  });
  it('refuses a material or batch that is not on the document', () => {
    expect(allocate(lines, [{ materialNo: 'M1', batchNo: 'B2', count: 1 }])).toMatchObject({
      ok: false,
      code: 'NOT_ON_DOCUMENT',
      batchNo: 'B2',
    });
    expect(allocate(lines, [{ materialNo: 'M3', batchNo: null, count: 1 }])).toMatchObject({ ok: false, code: 'NOT_ON_DOCUMENT' });
  });
  it('refuses more packs than expected: Quantity exceeded', () => {
    expect(allocate(lines, [{ materialNo: 'M1', batchNo: 'B1', count: 151 }])).toMatchObject({ ok: false, code: 'QUANTITY_EXCEEDED' });
  });
  it('never puts more on a line than its quantity, and counts every pack it accepts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ m: fc.constantFrom('M1', 'M2'), b: fc.constantFrom('B1', 'B2'), n: fc.integer({ min: 0, max: 80 }) })),
        (groups) => {
          const r = allocate(
            lines,
            groups.map((g) => ({ materialNo: g.m, batchNo: g.b, count: g.n })),
          );
          if (!r.ok) return;
          for (const l of lines) expect(r.scanned.get(l.lineNo)!).toBeLessThanOrEqual(l.quantity);
          const total = [...r.scanned.values()].reduce((a, b) => a + b, 0);
          expect(total).toBe(groups.reduce((a, g) => a + g.n, 0));
        },
      ),
    );
  });
});
