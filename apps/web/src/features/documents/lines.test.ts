import { describe, expect, it } from 'vitest';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { mergeAnswerLines, qtyLeft, scannedUnits, totals } from './lines.ts';

const line = (
  lineNo: number,
  materialNo: string,
  quantity: number,
  scannedQuantity: number,
  scannedDetails: string[] = [],
): DocumentLine => ({
  lineNo,
  materialNo,
  materialName: `Material ${materialNo}`,
  batchNo: null,
  eanGtinNo: null,
  quantity,
  scannedQuantity,
  shortageQuantity: 0,
  scannedDetails,
});

describe('line counts', () => {
  it('computes Qty Left, never negative', () => {
    expect(qtyLeft({ quantity: 10, scannedQuantity: 4 })).toBe(6);
    expect(qtyLeft({ quantity: 10, scannedQuantity: 12 })).toBe(0);
  });

  it('totals a document', () => {
    expect(totals([line(1, 'A', 10, 4), line(2, 'B', 5, 5)])).toEqual({ expected: 15, scanned: 9, left: 6 });
    expect(totals([])).toEqual({ expected: 0, scanned: 0, left: 0 });
  });

  it('lists each scanned unit once, with the materials it counted on', () => {
    const sscc = '088812340000000019';
    const units = scannedUnits([line(1, 'A', 10, 4, [sscc]), line(2, 'B', 5, 2, [sscc, '08881234100009/S1'])]);
    expect(units.map((u) => [u.id, u.ref.kind, u.materials])).toEqual([
      [sscc, 'sscc', ['A', 'B']],
      ['08881234100009/S1', 'pack', ['B']],
    ]);
  });
});

describe('mergeAnswerLines', () => {
  const line = (lineNo: number, scannedDetails: string[]): DocumentLine => ({
    lineNo,
    materialNo: 'M',
    materialName: 'M',
    batchNo: 'B',
    eanGtinNo: null,
    quantity: 10,
    scannedQuantity: scannedDetails.length,
    shortageQuantity: 0,
    scannedDetails,
  });
  it('keeps the units known before a scan whose answer lists only recent ones', () => {
    const before = [line(10, ['A', 'B', 'C'])];
    const answer = [line(10, ['D', 'C'])];
    expect(mergeAnswerLines(before, answer)[0]!.scannedDetails).toEqual(['D', 'C', 'A', 'B']);
  });
  it('drops the unit a delete took off', () => {
    expect(mergeAnswerLines([line(10, ['A', 'B'])], [line(10, ['B'])], 'A')[0]!.scannedDetails).toEqual(['B']);
  });
});
