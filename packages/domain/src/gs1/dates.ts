/**
 * GS1 dates. YYMMDD with the century by the sliding window of GS1 General Specifications 7.12:
 * with the current year's last two digits C, a two-digit year Y is in the previous century when
 * Y - C is 51 to 99, in the next century when Y - C is -99 to -50, otherwise in the current century.
 * Day 00 means the last day of the month where the AI allows it (the `yymmd0` check).
 * Domain code has no clock: the current year is always passed in.
 */

/** A day ('2026-11-22'), a Date-like ISO string, or a year number. */
export type Today = string | number;

/** The four-digit current year from `today`, or NaN when it cannot be read. */
export function currentYear(today: Today): number {
  if (typeof today === 'number') return Number.isInteger(today) ? today : NaN;
  if (today.length < 4) return NaN;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const d = today.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    year = year * 10 + d;
  }
  return year;
}

/** The full year of a two-digit year by the GS1 sliding window. */
export function resolveYear(yy: number, current: number): number {
  const century = current - (current % 100);
  const gap = yy - (current % 100);
  if (gap >= 51) return century - 100 + yy;
  if (gap <= -50) return century + 100 + yy;
  return century + yy;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  if (a < 0 || a > 9 || b < 0 || b > 9) return -1;
  return a * 10 + b;
}

function pad2(n: number): string {
  return n < 10 ? '0' + n : String(n);
}

/** True when month and day (0 = last day, if allowed) exist in the year. */
export function isRealDay(year: number, month: number, day: number, allowDayZero: boolean): boolean {
  if (month < 1 || month > 12 || year < 0) return false;
  return (day === 0 && allowDayZero) || (day >= 1 && day <= daysInMonth(year, month));
}

/** True when s[start, start + 6) is a real GS1 YYMMDD date (no string is built). */
export function isValidYymmdd(s: string, start: number, current: number, allowDayZero: boolean): boolean {
  const yy = twoDigits(s, start);
  const mm = twoDigits(s, start + 2);
  const dd = twoDigits(s, start + 4);
  return yy >= 0 && mm >= 0 && dd >= 0 && current >= 0 && isRealDay(resolveYear(yy, current), mm, dd, allowDayZero);
}

/** ISO 'YYYY-MM-DD' for a full year, month and day, or null if the day does not exist. */
export function isoDate(year: number, month: number, day: number, allowDayZero: boolean): string | null {
  if (!isRealDay(year, month, day, allowDayZero)) return null;
  if (day === 0) day = daysInMonth(year, month);
  return String(year).padStart(4, '0') + '-' + pad2(month) + '-' + pad2(day);
}

/**
 * The ISO date of a GS1 YYMMDD field at s[start, start + 6), or null if it is not a real date.
 * `allowDayZero`: the `yymmd0` AIs (11-17) where day 00 means the month's last day.
 */
export function gs1YymmddToIso(s: string, start: number, current: number, allowDayZero: boolean): string | null {
  if (s.length < start + 6 || !(current >= 0)) return null;
  const yy = twoDigits(s, start);
  const mm = twoDigits(s, start + 2);
  const dd = twoDigits(s, start + 4);
  if (yy < 0 || mm < 0 || dd < 0) return null;
  return isoDate(resolveYear(yy, current), mm, dd, allowDayZero);
}

/** The ISO date of a YYYYMMDD field at s[start, start + 8), or null. */
export function yyyymmddToIso(s: string, start: number, allowDayZero: boolean): string | null {
  if (s.length < start + 8) return null;
  const c = twoDigits(s, start);
  const y = twoDigits(s, start + 2);
  const mm = twoDigits(s, start + 4);
  const dd = twoDigits(s, start + 6);
  if (c < 0 || y < 0 || mm < 0 || dd < 0) return null;
  return isoDate(c * 100 + y, mm, dd, allowDayZero);
}

/** True for a valid HHMM (hhmi), HH, MM or SS field. */
export function isValidTime(s: string, start: number, kind: 'hhmi' | 'hh' | 'mi' | 'ss'): boolean {
  const a = twoDigits(s, start);
  if (kind === 'hh') return a >= 0 && a <= 23;
  if (kind === 'mi' || kind === 'ss') return a >= 0 && a <= 59;
  const b = twoDigits(s, start + 2);
  return a >= 0 && a <= 23 && b >= 0 && b <= 59;
}
