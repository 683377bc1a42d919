import { describe, expect, it } from 'vitest';
import { decideCount, heldCount, type CountInput } from './count.ts';
import { FAMILIES, LITE_FAMILIES } from './registry.ts';

/** ScanLite's counting (decision 0027): one pack of a material and batch per scan, no unit. */
const base: CountInput = {
  document: { type: 'SCANLITE', number: '9000000201', status: 'In Progress', warehouseNo: 'W3010' },
  code: { gtin: '08881234102966', batchNo: 'B1', expiry: '2028-09-30', serial: null },
  materialNo: '10000057',
  lines: [
    { lineNo: 10, materialNo: '10000057', batchNo: 'B1', quantity: 1, scanned: 0 },
    { lineNo: 20, materialNo: '10000057', batchNo: null, quantity: 2, scanned: 0 },
    { lineNo: 30, materialNo: '10000001', batchNo: 'B1', quantity: 5, scanned: 0 },
  ],
  kind: 'scan',
  today: '2026-11-23',
  heldBatch: 'refuse',
  batchStatus: 'RELEASED',
};
const withCounts = (counts: number[]): CountInput => ({ ...base, lines: base.lines.map((l, i) => ({ ...l, scanned: counts[i]! })) });

describe('decideCount', () => {
  it('fills the line of the exact batch first, then a batch-less line of the material, then refuses the excess', () => {
    expect(decideCount(base)).toEqual({ ok: true, materialNo: '10000057', batchNo: 'B1', lineNo: 10, count: 1, warnings: [] });
    expect(decideCount(withCounts([1, 0, 0]))).toMatchObject({ ok: true, lineNo: 20, count: 1 });
    // The refusal says the numbers of the lines the pack could go to (issue 27): B1's line and the batch-less one.
    expect(decideCount(withCounts([1, 2, 0]))).toEqual({
      ok: false,
      refusal: {
        status: 422,
        code: 'QUANTITY_EXCEEDED',
        params: { expected: '3', scanned: '3', scan: '1', materialNo: '10000057', batchNo: 'B1' },
      },
    });
    // Another batch of the material goes to the batch-less line only.
    expect(decideCount({ ...base, code: { ...base.code, batchNo: 'B2' } })).toMatchObject({ ok: true, lineNo: 20, batchNo: 'B2' });
  });

  it('refuses a serialised pack, a code without batch, an unknown GTIN, a passed expiry and a completed document', () => {
    const code = (over: Partial<CountInput['code']>) => decideCount({ ...base, code: { ...base.code, ...over } });
    expect(code({ serial: 'S1' })).toMatchObject({
      ok: false,
      refusal: { code: 'COUNTED_SERIALISED', params: { id: '08881234102966/S1' } },
    });
    expect(code({ batchNo: null })).toMatchObject({ ok: false, refusal: { code: 'COUNTED_NOT_A_PACK_CODE' } });
    expect(decideCount({ ...base, materialNo: null })).toMatchObject({ ok: false, refusal: { code: 'COUNTED_GTIN_UNKNOWN' } });
    expect(code({ expiry: '2026-11-22' })).toMatchObject({ ok: false, refusal: { code: 'COUNTED_BATCH_EXPIRED' } });
    expect(code({ expiry: '2026-11-23' })).toMatchObject({ ok: true });
    expect(decideCount({ ...base, document: { ...base.document, status: 'Completed' } })).toMatchObject({
      ok: false,
      refusal: { status: 409, code: 'DOCUMENT_COMPLETED' },
    });
  });

  it('a reverse takes one pack back from the last line that counted a pack of that material and batch', () => {
    const reverse = (counts: number[], countedOn: [number, number][]) =>
      decideCount({ ...withCounts(counts), kind: 'reverse', countedOn: new Map(countedOn) });
    expect(
      reverse(
        [1, 1, 0],
        [
          [10, 1],
          [20, 1],
        ],
      ),
    ).toMatchObject({ ok: true, lineNo: 20, count: 0 });
    // Line 20 holds a pack of another batch: batch B1 comes off line 10.
    expect(reverse([1, 1, 0], [[10, 1]])).toMatchObject({ ok: true, lineNo: 10, count: 0 });
    expect(reverse([0, 1, 3], [])).toMatchObject({ ok: false, refusal: { code: 'COUNTED_NONE_TO_REMOVE' } });
  });

  it('a pack of a held or recalled batch: refused by a family that refuses held batches, with the batch and its status; taking one off is not (issue 30)', () => {
    expect(decideCount({ ...base, batchStatus: 'ON_HOLD' })).toEqual({
      ok: false,
      refusal: { status: 422, code: 'BATCH_HELD', params: { batchNo: 'B1', materialNo: '10000057', status: 'on hold' } },
    });
    expect(decideCount({ ...base, batchStatus: 'RECALLED' })).toMatchObject({ ok: false, refusal: { params: { status: 'recalled' } } });
    // Named before the batch's expiry and the document's lines.
    expect(decideCount({ ...base, batchStatus: 'ON_HOLD', code: { ...base.code, expiry: '2026-01-01', batchNo: 'B7' } })).toMatchObject({
      ok: false,
      refusal: { code: 'BATCH_HELD', params: { batchNo: 'B7' } },
    });
    expect(decideCount({ ...withCounts([1, 0, 0]), batchStatus: 'ON_HOLD', kind: 'reverse', countedOn: new Map([[10, 1]]) })).toMatchObject(
      {
        ok: true,
        lineNo: 10,
        count: 0,
      },
    );
  });

  it("follows the family's heldBatch, never its name: quarantine accepts with the warning, accept as any other pack", () => {
    expect(decideCount({ ...base, heldBatch: 'quarantine', batchStatus: 'RECALLED' })).toEqual({
      ok: true,
      materialNo: '10000057',
      batchNo: 'B1',
      lineNo: 10,
      count: 1,
      warnings: [{ code: 'BATCH_HELD_QUARANTINE', params: { batchNo: 'B1', materialNo: '10000057', status: 'recalled' } }],
    });
    expect(decideCount({ ...base, heldBatch: 'accept', batchStatus: 'ON_HOLD' })).toMatchObject({ ok: true, warnings: [] });
    expect(heldCount('refuse', { materialNo: 'M', batchNo: 'B', batchStatus: 'RELEASED' })).toBeUndefined();
    // Every counted family, and every family whose stock moves on, refuses held batches.
    expect(FAMILIES.filter((f) => f.counted).map((f) => f.heldBatch)).toEqual(['refuse']);
    const plus = Object.fromEntries(LITE_FAMILIES.map((l) => [l.module, l.family.heldBatch]));
    expect(plus).toMatchObject({ 'DISPATCH+': 'refuse', 'TRANSFER+': 'refuse', 'REDRESS+': 'refuse' });
  });
});
