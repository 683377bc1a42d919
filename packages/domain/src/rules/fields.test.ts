import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  validateDateRange,
  validateGs1Batch,
  validateLooseCode,
  validateMaterialNo,
  validateNonGs1Batch,
  validateQuantity,
  validateStrictCode,
  type FieldResult,
  validateSearchWord,
} from './fields.ts';

function code(r: FieldResult): string {
  return r.ok ? 'OK' : r.code;
}

describe('field formats (spec point 5)', () => {
  it('material number: exactly 8 alphanumeric characters', () => {
    expect(validateMaterialNo(' 1000ABCD ')).toEqual({ ok: true, value: '1000ABCD' });
    expect(code(validateMaterialNo('1000ABC'))).toBe('MATERIAL_NO_LENGTH');
    expect(code(validateMaterialNo('1000ABCDE'))).toBe('MATERIAL_NO_LENGTH');
    expect(validateMaterialNo('1000-ABC')).toEqual({ ok: false, code: 'ALPHANUMERIC_ONLY', message: MESSAGES.ALPHANUMERIC_ONLY });
    expect(code(validateMaterialNo(''))).toBe('FIELD_EMPTY');
  });

  it("GS1 batch: 1 to 20 letters, digits and '/', '.', '-'", () => {
    expect(code(validateGs1Batch('AB-12/3.4'))).toBe('OK');
    expect(code(validateGs1Batch('A'.repeat(20)))).toBe('OK');
    expect(validateGs1Batch('A'.repeat(21))).toMatchObject({ code: 'MAX_20_ALPHANUMERIC', message: MESSAGES.MAX_20_ALPHANUMERIC });
    expect(validateGs1Batch('AB_1')).toMatchObject({
      code: 'SPECIAL_CHARACTERS_EXCEPT_DOT_SLASH_DASH',
      message: 'Special characters not allowed, excepts ./-',
    });
    expect(code(validateGs1Batch(''))).toBe('MIN_1_CHARACTER');
  });

  it('non-GS1 batch: 1 to 12 word characters and common symbols', () => {
    expect(code(validateNonGs1Batch('B_12#(3)+,:*'))).toBe('OK');
    expect(code(validateNonGs1Batch('A'.repeat(13)))).toBe('MAX_12_CHARACTERS');
    expect(code(validateNonGs1Batch('A B'))).toBe('SPECIAL_CHARACTERS_NOT_ALLOWED');
    expect(code(validateNonGs1Batch('A$'))).toBe('SPECIAL_CHARACTERS_NOT_ALLOWED');
    expect(code(validateNonGs1Batch(''))).toBe('MIN_1_CHARACTER');
  });

  it.each([
    ['12', 'OK'],
    ['12.50', 'OK'],
    ['10EA', 'OK'],
    ['5CTN', 'OK'],
    ['12.', 'INVALID_QUANTITY'],
    ['.5', 'INVALID_QUANTITY'],
    ['10ea', 'INVALID_QUANTITY'],
    ['EA10', 'INVALID_QUANTITY'],
    ['-1', 'INVALID_QUANTITY'],
    ['', 'FIELD_EMPTY'],
  ])('quantity %j -> %s', (v, expected) => {
    expect(code(validateQuantity(v))).toBe(expected);
  });

  it('strict code: alphanumeric only; loose code: also hyphen, slash and dot', () => {
    expect(code(validateStrictCode('ABC123'))).toBe('OK');
    expect(code(validateStrictCode('ABC-123'))).toBe('ALPHANUMERIC_ONLY');
    expect(code(validateLooseCode('ABC-1/2.3'))).toBe('OK');
    expect(validateLooseCode('ABC_1')).toMatchObject({
      code: 'ONLY_ALPHANUMERIC_AND_SYMBOLS',
      message: 'Only alphanumeric and symbols - / . allowed',
    });
    expect(code(validateLooseCode(''))).toBe('FIELD_EMPTY');
  });

  it('date range: less than one year', () => {
    expect(validateDateRange('2026-01-15', '2027-01-14')).toEqual({ ok: true, value: '2026-01-15/2027-01-14' });
    expect(validateDateRange('2026-01-15', '2027-01-15')).toMatchObject({
      ok: false,
      code: 'INVALID_DATE_RANGE',
      message: MESSAGES.INVALID_DATE_RANGE,
    });
    expect(code(validateDateRange('2026-01-15', '2026-01-15'))).toBe('OK');
    expect(validateDateRange('2026-02-01', '2026-01-31')).toEqual({
      ok: false,
      code: 'DATE_RANGE_REVERSED',
      message: 'The start date 2026-02-01 is after the end date 2026-01-31: choose a start date on or before the end date.',
    });
    expect(code(validateDateRange('2024-02-29', '2025-02-27'))).toBe('OK');
    expect(code(validateDateRange('2024-02-29', '2025-02-28'))).toBe('INVALID_DATE_RANGE');
    expect(code(validateDateRange('2026-02-30', '2026-03-01'))).toBe('INVALID_DATE_RANGE');
    expect(code(validateDateRange('yesterday', '2026-03-01'))).toBe('INVALID_DATE_RANGE');
  });

  it('never throws on garbage', () => {
    for (const v of [undefined, null, 42, {}, [], '\u0000']) {
      for (const f of [
        validateMaterialNo,
        validateGs1Batch,
        validateNonGs1Batch,
        validateQuantity,
        validateStrictCode,
        validateLooseCode,
      ]) {
        expect(f(v).ok).toBe(false);
      }
      expect(validateDateRange(v, v).ok).toBe(false);
    }
  });
});

describe('validateSearchWord (spec point 5: at least 5 characters to search)', () => {
  it('takes an empty word or one of 5 or more characters, trimmed', () => {
    expect(validateSearchWord('  ')).toEqual({ ok: true, value: '' });
    expect(validateSearchWord(' 18000 ')).toEqual({ ok: true, value: '18000' });
  });
  it("refuses 1 to 4 characters with 'Please enter at least 5 characters to search.'", () => {
    expect(validateSearchWord('1800')).toEqual({
      ok: false,
      code: 'SEARCH_MIN_5',
      message: 'Please enter at least 5 characters to search.',
    });
  });
});
