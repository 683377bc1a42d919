import { describe, expect, it } from 'vitest';
import { currentYear, gs1YymmddToIso, resolveYear, yyyymmddToIso } from './dates.ts';

describe('GS1 century sliding window (GenSpecs 7.12)', () => {
  it('puts Y - C of 51..99 in the previous century', () => {
    expect(resolveYear(77, 2026)).toBe(1977); // 77 - 26 = 51
    expect(resolveYear(99, 2026)).toBe(1999);
  });
  it('puts Y - C of -99..-50 in the next century', () => {
    expect(resolveYear(0, 2050)).toBe(2100); // 0 - 50 = -50
    expect(resolveYear(0, 2099)).toBe(2100);
    expect(resolveYear(49, 2099)).toBe(2149);
  });
  it('keeps everything else in the current century', () => {
    expect(resolveYear(76, 2026)).toBe(2076); // 76 - 26 = 50
    expect(resolveYear(0, 2026)).toBe(2000);
    expect(resolveYear(1, 2049)).toBe(2001); // 1 - 49 = -48
    expect(resolveYear(98, 2049)).toBe(2098); // 98 - 49 = 49: current century
  });
  it('reads the current year from a day or a number, NaN otherwise', () => {
    expect(currentYear('2026-11-22')).toBe(2026);
    expect(currentYear(2031)).toBe(2031);
    expect(currentYear('20x6')).toBeNaN();
    expect(currentYear(20.5)).toBeNaN();
  });
});

describe('GS1 YYMMDD dates', () => {
  it('converts to ISO', () => {
    expect(gs1YymmddToIso('271231', 0, 2026, true)).toBe('2027-12-31');
  });
  it('reads day 00 as the last day of the month where allowed (GenSpecs 3.4.7, AI 17)', () => {
    expect(gs1YymmddToIso('270200', 0, 2026, true)).toBe('2027-02-28');
    expect(gs1YymmddToIso('280200', 0, 2026, true)).toBe('2028-02-29');
    expect(gs1YymmddToIso('270400', 0, 2026, true)).toBe('2027-04-30');
    expect(gs1YymmddToIso('270200', 0, 2026, false)).toBeNull();
  });
  it.each(['271301', '270000', '270230', '270431', '270229', '27123', 'ab1231'])('rejects the impossible date %s', (v) => {
    expect(gs1YymmddToIso(v, 0, 2026, true)).toBeNull();
  });
  it('knows 29 February only in leap years, 2000 included', () => {
    expect(gs1YymmddToIso('000229', 0, 2026, false)).toBe('2000-02-29');
    expect(gs1YymmddToIso('280229', 0, 2026, false)).toBe('2028-02-29');
  });
  it('reads YYYYMMDD (AI 7250)', () => {
    expect(yyyymmddToIso('19991231', 0, false)).toBe('1999-12-31');
    expect(yyyymmddToIso('19000229', 0, false)).toBeNull();
  });
});
