import { afterEach, describe, expect, it } from 'vitest';
import { showLanguage } from '../i18n/language.ts';
import { formatNumber } from './number-format.ts';

afterEach(() => showLanguage('en'));

describe('formatNumber', () => {
  it('groups as English did before the languages came', () => {
    for (const value of [0, 7, 999, 1000, 1234567, -1234, 12.5]) expect(formatNumber(value)).toBe(value.toLocaleString('en'));
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('groups in the shown language', () => {
    showLanguage('zh-Hans');
    expect(formatNumber(1234567)).toBe('1,234,567');
    showLanguage('ms');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(1234, 'en')).toBe('1,234');
  });
});
