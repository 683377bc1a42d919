import { describe, expect, it } from 'vitest';
import { documentTotals, lineLeft, mergeLines, type RawLine } from './lines.ts';

const line = (lineNo: number, materialNo: string, batchNo: string | null, quantity: number, scannedQuantity = 0): RawLine => ({
  lineNo,
  materialNo,
  materialName: `Material ${materialNo}`,
  batchNo,
  eanGtinNo: null,
  quantity,
  scannedQuantity,
  shortageQuantity: 0,
});

describe('mergeLines (spec point 3: IBD line)', () => {
  it('merges lines of the same material and batch: quantities summed, details joined', () => {
    const merged = mergeLines(
      [line(20, 'M1', 'B1', 50, 10), line(10, 'M1', 'B1', 100, 40), line(30, 'M2', 'B9', 5)],
      [
        { materialNo: 'M1', batchNo: 'B1', label: 'SSCC-A' },
        { materialNo: 'M1', batchNo: 'B1', label: 'SSCC-B' },
        { materialNo: 'M1', batchNo: 'B1', label: 'SSCC-A' },
      ],
    );
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ lineNo: 10, quantity: 150, scannedQuantity: 50, scannedDetails: ['SSCC-A', 'SSCC-B'] });
    expect(merged[1]).toMatchObject({ lineNo: 30, quantity: 5, scannedDetails: [] });
  });

  it('keeps different batches of one material apart; a batch-less line collects every batch', () => {
    const merged = mergeLines(
      [line(1, 'M1', 'B1', 1), line(2, 'M1', 'B2', 1), line(3, 'M1', null, 1)],
      [{ materialNo: 'M1', batchNo: 'B2', label: 'X' }],
    );
    expect(merged.map((l) => l.scannedDetails)).toEqual([[], ['X'], ['X']]);
  });
});

describe('documentTotals (issue 14: one count for the list, the details and the scan page)', () => {
  it('adds up expected and scanned; Qty Left per line, never below zero', () => {
    expect(documentTotals([])).toEqual({ expected: 0, scanned: 0, left: 0 });
    const lines = [
      { quantity: 10, scannedQuantity: 4 },
      { quantity: 3, scannedQuantity: 3 },
      { quantity: 2, scannedQuantity: 0 },
    ];
    expect(documentTotals(lines)).toEqual({ expected: 15, scanned: 7, left: 8 });
    expect(lines.map(lineLeft)).toEqual([6, 0, 2]);
    // A line counted past its quantity leaves nothing on it, and takes nothing off the others.
    expect(
      documentTotals([
        { quantity: 2, scannedQuantity: 5 },
        { quantity: 4, scannedQuantity: 1 },
      ]),
    ).toEqual({
      expected: 6,
      scanned: 6,
      left: 3,
    });
  });
});
