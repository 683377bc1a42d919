import { describe, expect, it } from 'vitest';
import { mergeLines, type RawLine } from './lines.ts';

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
