/**
 * Field formats of spec point 5, as validators. Each answers `{ ok: true, value }` with the trimmed
 * value, or `{ ok: false, code, message }` with the catalogue's text. Garbage never throws.
 */
import { message, type MessageCode } from '../messages.ts';
import { isoDate, yyyymmddToIso } from '../gs1/dates.ts';

export type FieldResult = { ok: true; value: string } | { ok: false; code: MessageCode; message: string };

function ok(value: string): FieldResult {
  return { ok: true, value };
}

function err(code: MessageCode, params?: Record<string, string>): FieldResult {
  return { ok: false, code, message: message(code, params) };
}

function text(input: unknown): string {
  return typeof input === 'string' ? input.trim() : '';
}

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const GS1_BATCH = /^[A-Za-z0-9/.-]+$/;
/** Word characters and the common symbols seen in non-GS1 batch numbers. */
const NON_GS1_BATCH = /^[\w\-/.#&()+,:*]+$/;
const LOOSE_CODE = /^[A-Za-z0-9/.-]+$/;
const QUANTITY = /^(\d+(\.\d+)?|\d+[A-Z]+)$/;

/** Material number: exactly 8 alphanumeric characters. */
export function validateMaterialNo(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('FIELD_EMPTY');
  if (!ALPHANUMERIC.test(v)) return err('ALPHANUMERIC_ONLY');
  return v.length === 8 ? ok(v) : err('MATERIAL_NO_LENGTH');
}

/** GS1 batch: 1 to 20 characters, letters, digits and '/', '.', '-'. */
export function validateGs1Batch(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('MIN_1_CHARACTER');
  if (!GS1_BATCH.test(v)) return err('SPECIAL_CHARACTERS_EXCEPT_DOT_SLASH_DASH');
  return v.length <= 20 ? ok(v) : err('MAX_20_ALPHANUMERIC');
}

/** Non-GS1 batch: 1 to 12 characters, word characters and common symbols (- / . # & ( ) + , : *). */
export function validateNonGs1Batch(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('MIN_1_CHARACTER');
  if (!NON_GS1_BATCH.test(v)) return err('SPECIAL_CHARACTERS_NOT_ALLOWED');
  return v.length <= 12 ? ok(v) : err('MAX_12_CHARACTERS');
}

/** Quantity: a number with optional decimals ('12', '12.5'), or digits followed by uppercase letters ('10EA'). */
export function validateQuantity(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('FIELD_EMPTY');
  return QUANTITY.test(v) ? ok(v) : err('INVALID_QUANTITY');
}

/** Strict code: alphanumeric only. */
export function validateStrictCode(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('FIELD_EMPTY');
  return ALPHANUMERIC.test(v) ? ok(v) : err('ALPHANUMERIC_ONLY');
}

/** Loose code: letters, digits, hyphen, slash and dot. */
export function validateLooseCode(input: unknown): FieldResult {
  const v = text(input);
  if (v === '') return err('FIELD_EMPTY');
  return LOOSE_CODE.test(v) ? ok(v) : err('ONLY_ALPHANUMERIC_AND_SYMBOLS');
}

function isoDay(input: unknown): string | null {
  const v = text(input);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  return yyyymmddToIso(v.slice(0, 4) + v.slice(5, 7) + v.slice(8, 10), 0, false);
}

/**
 * Date-range filter: both ISO days, from <= to, and a span of less than one year: `to` must come before
 * the same day one year after `from` (29 February counts to 28 February). The value is 'from/to'.
 * A start after the end answers DATE_RANGE_REVERSED, naming both days.
 */
export function validateDateRange(from: unknown, to: unknown): FieldResult {
  const a = isoDay(from);
  const b = isoDay(to);
  if (a === null || b === null) return err('INVALID_DATE_RANGE');
  if (b < a) return err('DATE_RANGE_REVERSED', { from: a, to: b });
  const year = Number(a.slice(0, 4)) + 1;
  const month = Number(a.slice(5, 7));
  const day = Number(a.slice(8, 10));
  const limit = isoDate(year, month, day, false) ?? isoDate(year, month, 0, true);
  return limit !== null && b < limit ? ok(`${a}/${b}`) : err('INVALID_DATE_RANGE');
}

/** A list's search word: empty (no search) or at least 5 characters. The value is the trimmed word. */
export const SEARCH_MIN_LENGTH = 5;
export function validateSearchWord(input: unknown): FieldResult {
  const v = text(input);
  return v === '' || v.length >= SEARCH_MIN_LENGTH ? ok(v) : err('SEARCH_MIN_5');
}
