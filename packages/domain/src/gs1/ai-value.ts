/**
 * Validation of one AI value against its table specification: length, character set per component
 * (GenSpecs 7.11: numeric, character set 82, 39 or 64) and the content checks (check digit, dates,
 * times). Works on a slice of the scanned string by index, so the hot path allocates nothing.
 */
import type { AiPart, AiSpec, Check, Cset } from './ai-index.ts';
import { expectedCheckDigit } from './check-digit.ts';
import { isValidTime, isValidYymmdd, yyyymmddToIso } from './dates.ts';
import { lint } from './linters.ts';
import type { MessageCode } from '../messages.ts';
import { fail, showChar, type Failure } from './result.ts';

/** A lookup table of ASCII characters: 1 for each character of `chars`. */
export function charTable(chars: string): Uint8Array {
  const t = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 1;
  return t;
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
/** GS1 AI encodable character set 82 (GenSpecs Figure 7.11-1). */
const CSET82 = charTable('!"%&\'()*+,-./:;<=>?_' + DIGITS + UPPER + LOWER);
/** GS1 AI encodable character set 39 (GenSpecs Figure 7.11-2). */
const CSET39 = charTable('#-/' + DIGITS + UPPER);
/** GS1 AI encodable character set 64, file-safe / URI-safe base64 (GenSpecs Figure 7.11-3). */
const CSET64 = charTable('-_=' + DIGITS + UPPER + LOWER);
const NUMERIC = charTable(DIGITS);

const CSETS: Record<Cset, Uint8Array> = { N: NUMERIC, X: CSET82, Y: CSET39, Z: CSET64 };

/** True when every character of s[from, to) is in the given character set. */
export function isInCset(s: string, from: number, to: number, cset: Cset): boolean {
  return badCharAt(s, from, to, CSETS[cset]) < 0;
}

/** The index of the first character outside the set, or -1. */
function badCharAt(s: string, from: number, to: number, set: Uint8Array): number {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || set[c] === 0) return i;
  }
  return -1;
}

function badChar(spec: AiSpec, s: string, at: number, start: number, position: number): Failure {
  return fail('GS1_BAD_CHARACTER', { ai: spec.ai, char: showChar(s.charAt(at)), position: position + at - start });
}

/** GS1_BAD_CHECK_DIGIT naming the AI, the check digit expected and the one found; null when they agree. */
export function checkDigitFailure(ai: string, expected: number, found: number): Failure | null {
  return expected === found ? null : fail('GS1_BAD_CHECK_DIGIT', { ai, expected, found });
}

function checkOne(spec: AiSpec, check: Check, s: string, from: number, to: number, year: number): Failure | null {
  let code: MessageCode | null;
  switch (check) {
    case 'csum':
      return checkDigitFailure(spec.ai, expectedCheckDigit(s, from, to), s.charCodeAt(to - 1) - 48);
    case 'yymmd0':
    case 'yymmdd':
      code = isValidYymmdd(s, from, year, check === 'yymmd0') ? null : 'GS1_INVALID_DATE';
      break;
    case 'yyyymmdd':
    case 'yyyymmd0':
      code = yyyymmddToIso(s, from, check === 'yyyymmd0') === null ? 'GS1_INVALID_DATE' : null;
      break;
    case 'hhmi':
    case 'hh':
    case 'mi':
    case 'ss':
      code = isValidTime(s, from, check) ? null : 'GS1_INVALID_DATE';
      break;
    default:
      code = lint(check, s, from, to);
  }
  return code === null ? null : fail(code, { ai: spec.ai, value: s.slice(from, to) });
}

function checkPart(
  spec: AiSpec,
  part: AiPart,
  s: string,
  from: number,
  to: number,
  year: number,
  start: number,
  position: number,
): Failure | null {
  const bad = badCharAt(s, from, to, CSETS[part.cset]);
  if (bad >= 0) return badChar(spec, s, bad, start, position);
  for (let i = 0; i < part.checks.length; i++) {
    const failure = checkOne(spec, part.checks[i] as Check, s, from, to, year);
    if (failure !== null) return failure;
  }
  return null;
}

/** The digits and the mod-10 check digit (GenSpecs 7.9.1) of s[start, end) in one pass: the hot path of keys. */
function checkDigitsAndSum(spec: AiSpec, s: string, start: number, end: number, position: number): Failure | null {
  let sum = 0;
  let weight = (end - start) % 2 === 0 ? 3 : 1;
  for (let i = start; i < end - 1; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return badChar(spec, s, i, start, position);
    sum += d * weight;
    weight = 4 - weight;
  }
  const found = s.charCodeAt(end - 1) - 48;
  if (found < 0 || found > 9) return badChar(spec, s, end - 1, start, position);
  return checkDigitFailure(spec.ai, (10 - (sum % 10)) % 10, found);
}

/**
 * Validates the value s[start, end) of an AI. Returns null when it is valid, else the failure.
 * The caller has already cut the value; its length is checked here against the specification.
 * `year` is the four-digit current year (GS1 century window); `position` the 1-based position of the
 * value in the scanned input, for error messages.
 */
export function checkAiValue(spec: AiSpec, s: string, start: number, end: number, year: number, position: number): Failure | null {
  const length = end - start;
  if (length === 0) return fail('GS1_EMPTY_VALUE', { ai: spec.ai });
  if (length < spec.min) return fail('GS1_VALUE_TOO_SHORT', { ai: spec.ai, min: spec.min, length });
  if (length > spec.max) return fail('GS1_VALUE_TOO_LONG', { ai: spec.ai, max: spec.max, length });
  if (spec.simpleCset82 || spec.simpleNumeric) {
    const bad = badCharAt(s, start, end, spec.simpleNumeric ? NUMERIC : CSET82);
    return bad < 0 ? null : badChar(spec, s, bad, start, position);
  }
  if (spec.numericWithCheckDigit) return checkDigitsAndSum(spec, s, start, end, position);
  // One component (dates, most AIs): its length is the AI's, already checked.
  if (spec.parts.length === 1) return checkPart(spec, spec.parts[0] as AiPart, s, start, end, year, start, position);
  let at = start;
  for (const part of spec.parts) {
    if (at >= end) {
      if (part.optional) break;
      return fail('GS1_VALUE_TOO_SHORT', { ai: spec.ai, min: spec.min, length });
    }
    const take = part.min === part.max ? part.max : Math.min(end - at, part.max);
    if (at + take > end) return fail('GS1_VALUE_TOO_SHORT', { ai: spec.ai, min: spec.min, length });
    const failure = checkPart(spec, part, s, at, at + take, year, start, position);
    if (failure !== null) return failure;
    at += take;
  }
  return at < end ? fail('GS1_VALUE_TOO_LONG', { ai: spec.ai, max: spec.max, length }) : null;
}
