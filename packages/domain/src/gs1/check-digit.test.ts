import { describe, expect, it } from 'vitest';
import { expectedCheckDigit, hasValidCheckDigit, withCheckDigit } from './check-digit.ts';

describe('GS1 mod-10 check digit (GenSpecs 7.9.1)', () => {
  it('computes the GenSpecs Figure 7.9.1-2 example: GTIN-13 629104150021 -> 3', () => {
    expect(withCheckDigit('629104150021')).toBe('6291041500213');
  });

  it.each([
    ['09506000134352', 'GTIN-14 of the GS1 example product (Digital Link standard)'],
    ['09501101530003', 'GTIN of the GS1 DataMatrix Guideline example'],
    ['106141412345678908', 'SSCC of the Digital Link standard example'],
    ['95012345678903', 'GTIN-14 of the GenSpecs examples'],
  ])('accepts %s (%s)', (code) => {
    expect(hasValidCheckDigit(code)).toBe(true);
  });

  it('rejects every wrong final digit', () => {
    for (let d = 0; d <= 9; d++) {
      const code = '0950600013435' + String(d);
      expect(hasValidCheckDigit(code)).toBe(d === 2);
    }
  });

  it('answers -1 / false for non-digits and too-short input instead of throwing', () => {
    expect(expectedCheckDigit('12A45', 0, 5)).toBe(-1);
    expect(hasValidCheckDigit('7')).toBe(false);
    expect(hasValidCheckDigit('')).toBe(false);
    expect(hasValidCheckDigit('0950600013435X')).toBe(false);
  });
});
