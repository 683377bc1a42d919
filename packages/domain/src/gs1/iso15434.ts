/**
 * ISO/IEC 15434 messages with ASC MH10 data identifiers, as printed on IFA (securPharm) pack codes:
 *   [)> RS 06 GS 9N{PPN} GS 1T{batch} GS D{expiry YYMMDD} GS S{serial} RS EOT
 * Format 06 carries data identifiers (ANSI MH10.8.2); format 05 carries GS1 element strings.
 * The PPN (IFA Pharmacy Product Number, '11' + PZN + 2 check characters) is verified: the sum of each
 * character's ASCII value times its weight (2, 3, 4 ... from the left), modulo 97, written as two digits
 * (IFA "Check digit calculations PZN, PPN, UDI").
 * Textual forms of RS and EOT are accepted like those of GS (see separators.ts).
 */
import { expectedCheckDigit } from './check-digit.ts';
import { gs1YymmddToIso, yyyymmddToIso } from './dates.ts';
import { addElement, readElementString } from './element-string.ts';
import { checkDigitFailure, isInCset } from './ai-value.ts';
import { fail, type Element, type Failure } from './result.ts';
import { SEPARATOR_BITS, separatorLength, type SeparatorVariant } from './separators.ts';

const RS = '\x1e';
const EOT = '\x04';
const GS = '\x1d';

/** Textual forms of RS and EOT by separator variant (the same switches as for GS). */
const CONTROL_WORDS: readonly (readonly [text: string, control: string, variant: SeparatorVariant])[] = [
  ['<RS>', RS, 'ANGLE_GS'],
  ['{RS}', RS, 'CURLY_GS'],
  ['[RS]', RS, 'SQUARE_GS'],
  ['^^', RS, 'CARET'],
  ['\u241e', RS, 'SYMBOL'],
  ['\\x1e', RS, 'ESCAPED_HEX'],
  ['\\u001e', RS, 'ESCAPED_UNICODE'],
  ['<EOT>', EOT, 'ANGLE_GS'],
  ['{EOT}', EOT, 'CURLY_GS'],
  ['[EOT]', EOT, 'SQUARE_GS'],
  ['^D', EOT, 'CARET'],
  ['\u2404', EOT, 'SYMBOL'],
  ['\\x04', EOT, 'ESCAPED_HEX'],
  ['\\u0004', EOT, 'ESCAPED_UNICODE'],
];

function controlAt(s: string, i: number, mask: number): readonly [length: number, control: string] {
  const gs = separatorLength(s, i, mask);
  if (gs > 0) return [gs, GS];
  for (const [text, control, variant] of CONTROL_WORDS) {
    if (mask & SEPARATOR_BITS[variant] && s.startsWith(text, i)) return [text.length, control];
    if (text.length > 2 && mask & SEPARATOR_BITS[variant] && s.slice(i, i + text.length).toUpperCase() === text.toUpperCase()) {
      return [text.length, control];
    }
  }
  return [0, ''];
}

/** s[from, to) with every enabled textual RS, EOT and GS replaced by the control character. */
export function normaliseControls(s: string, from: number, to: number, mask: number): string {
  let out = '';
  for (let i = from; i < to;) {
    const [length, control] = controlAt(s, i, mask);
    if (length > 0) {
      out += control;
      i += length;
    } else {
      out += s.charAt(i);
      i++;
    }
  }
  return out;
}

/** True when s at `from` opens an ISO/IEC 15434 message ('[)>'). */
export function isIso15434(s: string, from: number): boolean {
  return s.startsWith('[)>', from);
}

/** The PPN check characters expected for `ppn` (whose last two characters are the check). */
export function ppnCheck(ppn: string): string {
  let sum = 0;
  for (let i = 0; i < ppn.length - 2; i++) sum += ppn.charCodeAt(i) * (i + 2);
  return String(sum % 97).padStart(2, '0');
}

const ALPHANUMERIC = /^[0-9A-Z]+$/;

/** Data identifier at the head of a field: up to three digits and one uppercase letter. */
function dataIdentifier(field: string): string | null {
  let i = 0;
  while (i < 3 && field.charCodeAt(i) >= 48 && field.charCodeAt(i) <= 57) i++;
  const c = field.charCodeAt(i);
  return c >= 65 && c <= 90 ? field.slice(0, i + 1) : null;
}

function checkField(di: string, value: string, year: number): Failure | null {
  const bad = (): Failure => fail('MATRIX_BAD_FIELD', { field: di, value });
  switch (di) {
    case '9N': {
      if (value.length < 4 || value.length > 22 || !ALPHANUMERIC.test(value)) return bad();
      const found = value.slice(-2);
      const expected = ppnCheck(value);
      return found === expected ? null : fail('PPN_BAD_CHECK_DIGITS', { expected, found });
    }
    case '8P': {
      if (value.length !== 14 || !isInCset(value, 0, 14, 'N')) return bad();
      return checkDigitFailure('8P', expectedCheckDigit(value, 0, 14), value.charCodeAt(13) - 48);
    }
    case '1T':
    case 'S':
      return value.length >= 1 && value.length <= 20 && isInCset(value, 0, value.length, 'X') ? null : bad();
    case 'D':
      return value.length === 6 && gs1YymmddToIso(value, 0, year, true) !== null ? null : fail('MATRIX_INVALID_DATE', { field: di, value });
    case '16D':
      return value.length === 8 && yyyymmddToIso(value, 0, false) !== null ? null : fail('MATRIX_INVALID_DATE', { field: di, value });
    default:
      return null;
  }
}

export interface Iso15434Data {
  readonly ok: true;
  /** '06' (data identifiers) or '05' (GS1 element strings). */
  readonly format: string;
  readonly elements: Element[];
}

/** Reads the ISO/IEC 15434 message raw[from, to). */
export function readIso15434(raw: string, from: number, to: number, year: number, mask: number): Iso15434Data | Failure {
  const s = normaliseControls(raw, from, to, mask);
  if (!s.startsWith('[)>' + RS) || s.length < 7) return fail('MATRIX_MALFORMED');
  const format = s.slice(4, 6);
  if (format !== '06' && format !== '05') return fail('MATRIX_UNSUPPORTED_FORMAT', { format });
  if (s.charAt(6) !== GS) return fail('MATRIX_MALFORMED');
  const rs = s.indexOf(RS, 7);
  const end = rs < 0 ? (s.endsWith(EOT) ? s.length - 1 : s.length) : rs;
  const elements: Element[] = [];
  if (format === '05') {
    const failure = readElementString(s, 7, end, year, 0, elements);
    return failure ?? { ok: true, format, elements };
  }
  for (const field of s.slice(7, end).split(GS)) {
    if (field === '') continue;
    const di = dataIdentifier(field);
    if (di === null) return fail('MATRIX_BAD_FIELD', { field: field.slice(0, 3), value: field });
    const value = field.slice(di.length);
    const failure = checkField(di, value, year) ?? addElement(elements, di, value);
    if (failure !== null) return failure;
  }
  if (!elements.some((e) => e.id === '9N' || e.id === '8P')) return fail('MATRIX_NO_PRODUCT');
  return { ok: true, format, elements };
}
