import { describe, expect, it } from 'vitest';
import { message } from '../messages.ts';
import { quantityExceeded } from './quantity-exceeded.ts';

describe('quantityExceeded', () => {
  const lines = [
    { materialNo: 'M1', batchNo: 'B1', quantity: 2, scanned: 2 },
    { materialNo: 'M1', batchNo: null, quantity: 3, scanned: 1 },
    { materialNo: 'M1', batchNo: 'B2', quantity: 7, scanned: 0 },
    { materialNo: 'M2', batchNo: 'B1', quantity: 9, scanned: 9 },
  ];

  it('sums the lines the packs could fill: those of their batch and those of their material without a batch', () => {
    expect(quantityExceeded(lines, { materialNo: 'M1', batchNo: 'B1', count: 3 })).toEqual({
      expected: '5',
      scanned: '3',
      scan: '3',
      materialNo: 'M1',
      batchNo: 'B1',
    });
    // Packs without a batch fill only the batch-less lines.
    expect(quantityExceeded(lines, { materialNo: 'M1', batchNo: null, count: 1 })).toMatchObject({
      expected: '3',
      scanned: '1',
      batchNo: '-',
    });
  });

  it("keeps the spec's sentence first and says the numbers beside it", () => {
    const text = message('QUANTITY_EXCEEDED', quantityExceeded(lines, { materialNo: 'M2', batchNo: 'B1', count: 1 }));
    expect(text).toBe('Quantity exceeded: 9 expected, 9 already scanned, this scan 1 (material M2, batch B1).');
    expect(text.startsWith('Quantity exceeded')).toBe(true);
  });
});
