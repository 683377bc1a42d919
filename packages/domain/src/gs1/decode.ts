/**
 * Scan decoding: a raw string from a scanner or a camera into trusted fields, or a stable error code.
 *
 * `decodeCode` recognises the format (GS1 element string, its human-readable form, GS1 Digital Link,
 * ISO/IEC 15434, EAN/UPC by symbology identifier) and validates every field.
 * `decodeScan` adds the app's rules of spec point 5 (unit identifiers, GS1 / non-GS1 mode, batch scans).
 */
import { UNIT_LABELS, type IdType, type UnitType } from '../units.ts';
import { expectedCheckDigit, hasValidCheckDigit } from './check-digit.ts';
import { currentYear, gs1YymmddToIso, type Today } from './dates.ts';
import { isWebUri, readDigitalLink } from './digital-link.ts';
import { readElementString, readHumanReadable } from './element-string.ts';
import { isIso15434, readIso15434 } from './iso15434.ts';
import { fail, showChar, type Element, type Failure } from './result.ts';
import { scanMask, separatorMask, type SeparatorVariant } from './separators.ts';
import { isInCset } from './ai-value.ts';
import { checkAssociations } from './associations.ts';

export type CodeFormat = 'GS1' | 'GS1_DIGITAL_LINK' | 'IFA' | 'PLAIN';

export interface DecodeOptions {
  /** Today ('2026-11-22') or the current year: GS1 two-digit years are resolved against it. */
  readonly today: Today;
  /** Enabled textual separator variants (default: all). The control character GS always counts. */
  readonly separators?: readonly SeparatorVariant[];
}

export interface Decoded {
  readonly ok: true;
  /** The symbology identifier the scanner sent (']d2', ']C1' ...) or null. */
  readonly symbology: string | null;
  readonly format: CodeFormat;
  /** Every element in scan order: GS1 AIs, or ASC MH10 data identifiers for IFA codes. */
  readonly elements: readonly Element[];
  /** The GS1 AIs by AI ('01' -> '09506000134352'); empty for IFA and plain codes. */
  readonly ai: Readonly<Record<string, string>>;
  readonly gtin: string | null;
  readonly sscc: string | null;
  readonly batch: string | null;
  /** ISO 'YYYY-MM-DD'. */
  readonly expiry: string | null;
  readonly serial: string | null;
  /** The IFA Pharmacy Product Number (9N) of an IFA code. */
  readonly ppn: string | null;
  /** A plain (non-GS1) code. */
  readonly code: string | null;
  /** The identifier the unit is scanned by (serial for EA/BUN, SSCC for CTN/PLT, the plain code). */
  readonly id: string | null;
}

export type DecodeResult = Decoded | Failure;

/** GS1 symbology identifiers (ISO/IEC 15424 as used by GenSpecs 5.1.2): the data is GS1 element strings. */
export const GS1_SYMBOLOGY_IDS: readonly string[] = [']C1', ']d2', ']Q3', ']e0', ']J1'];

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0;
}

interface Fields {
  gtin: string | null;
  sscc: string | null;
  batch: string | null;
  expiry: string | null;
  serial: string | null;
  ppn: string | null;
  code: string | null;
  id: string | null;
}

function noFields(): Fields {
  return { gtin: null, sscc: null, batch: null, expiry: null, serial: null, ppn: null, code: null, id: null };
}

/**
 * A successful decode. `ai` is a view of `elements`, built on first read (most callers read the named
 * fields only); `toJSON` includes it, so results cross JSON (server to web) complete.
 */
class DecodedCode implements Decoded {
  readonly ok = true as const;
  declare readonly gtin: string | null;
  declare readonly sscc: string | null;
  declare readonly batch: string | null;
  declare readonly expiry: string | null;
  declare readonly serial: string | null;
  declare readonly ppn: string | null;
  declare readonly code: string | null;
  declare readonly id: string | null;

  constructor(
    readonly symbology: string | null,
    readonly format: CodeFormat,
    readonly elements: readonly Element[],
    fields: Fields,
  ) {
    this.gtin = fields.gtin;
    this.sscc = fields.sscc;
    this.batch = fields.batch;
    this.expiry = fields.expiry;
    this.serial = fields.serial;
    this.ppn = fields.ppn;
    this.code = fields.code;
    this.id = fields.id;
  }

  /** Built on first read, then kept as an own, enumerable property (so `{ ...result }` has it after that). */
  get ai(): Readonly<Record<string, string>> {
    const ai: Record<string, string> = {};
    if (this.format === 'GS1' || this.format === 'GS1_DIGITAL_LINK') for (const e of this.elements) ai[e.id] = e.value;
    Object.defineProperty(this, 'ai', { value: ai, enumerable: true });
    return ai;
  }

  toJSON(): Omit<Decoded, never> {
    const { ok, symbology, format, elements, ai, gtin, sscc, batch, expiry, serial, ppn, code, id } = this;
    return { ok, symbology, format, elements, ai, gtin, sscc, batch, expiry, serial, ppn, code, id };
  }
}

function decoded(symbology: string | null, format: CodeFormat, elements: readonly Element[], fields: Fields): Decoded {
  return new DecodedCode(symbology, format, elements, fields);
}

function gs1Fields(symbology: string | null, format: CodeFormat, elements: readonly Element[], year: number): Decoded {
  const fields = noFields();
  for (let i = 0; i < elements.length; i++) {
    const { id, value } = elements[i] as Element;
    if (id === '01') fields.gtin = value;
    else if (id === '00') fields.sscc = value;
    else if (id === '10') fields.batch = value;
    else if (id === '17') fields.expiry = gs1YymmddToIso(value, 0, year, true);
    else if (id === '21') fields.serial = value;
  }
  return decoded(symbology, format, elements, fields);
}

function ifaFields(symbology: string | null, elements: readonly Element[], year: number): Decoded {
  const find = (di: string): string | null => elements.find((e) => e.id === di)?.value ?? null;
  const d = find('D');
  return decoded(symbology, 'IFA', elements, {
    ...noFields(),
    gtin: find('8P'),
    ppn: find('9N'),
    batch: find('1T'),
    expiry: d === null ? null : gs1YymmddToIso(d, 0, year, true),
    serial: find('S'),
  });
}

/** EAN-13 / UPC-A (]E0) and EAN-8 (]E4) carry a bare GTIN (GenSpecs 5.1.2.4): read it as AI 01. */
function eanUpc(s: string, from: number, to: number, symbology: string): DecodeResult | null {
  const length = to - from;
  if (!((symbology === ']E0' && length === 13) || (symbology === ']E4' && length === 8))) return null;
  if (!isInCset(s, from, to, 'N')) return null;
  if (!hasValidCheckDigit(s, from, to))
    return fail('GS1_BAD_CHECK_DIGIT', { ai: '01', expected: String(expectedCheckDigit(s, from, to)), found: s.charAt(to - 1) });
  const gtin = s.slice(from, to).padStart(14, '0');
  return gs1Fields(symbology, 'GS1', [{ id: '01', value: gtin }], 0);
}

/** The symbology identifier at s[from] (']d2'); the GS1 ones are shared constants (no allocation). */
function symbologyId(s: string, from: number): string {
  for (const id of GS1_SYMBOLOGY_IDS) if (s.startsWith(id, from)) return id;
  return s.slice(from, from + 3);
}

function isGs1Symbology(symbology: string | null): boolean {
  return symbology !== null && GS1_SYMBOLOGY_IDS.includes(symbology);
}

/** Decodes any supported code; no app rules. Garbage answers a failure, never throws. */
export function decodeCode(raw: string, options: DecodeOptions): DecodeResult {
  if (typeof raw !== 'string') return fail('SCAN_EMPTY');
  let from = 0;
  let to = raw.length;
  while (from < to && isBlank(raw.charCodeAt(from))) from++;
  while (to > from && isBlank(raw.charCodeAt(to - 1))) to--;
  if (from === to) return fail('SCAN_EMPTY');
  const year = currentYear(options.today);
  const mask = separatorMask(options.separators);
  let symbology: string | null = null;
  if (raw.charCodeAt(from) === 93 && to - from >= 3) {
    symbology = symbologyId(raw, from);
    from += 3;
    const ean = eanUpc(raw, from, to, symbology);
    if (ean !== null) return ean;
  }
  const elements: Element[] = [];
  const gs1Symbology = isGs1Symbology(symbology);
  // GS1 Digital Link URI syntax 1.x section 4 and GenSpecs 5.1.2: a URI is carried on its own (plain
  // QR Code / Data Matrix, ]Q1 ]d1), never as the data of a symbology that carries element strings.
  if (isWebUri(raw, from)) {
    if (gs1Symbology) return fail('GS1_DL_NOT_STANDALONE', { symbology: symbology as string });
    return (
      readDigitalLink(raw, from, to, year, elements) ??
      checkAssociations(elements) ??
      gs1Fields(symbology, 'GS1_DIGITAL_LINK', elements, year)
    );
  }
  if (isIso15434(raw, from)) {
    const data = readIso15434(raw, from, to, year, mask);
    if (!data.ok) return data;
    if (data.format !== '05') return ifaFields(symbology, data.elements, year);
    return checkAssociations(data.elements) ?? gs1Fields(symbology, 'GS1', data.elements, year);
  }
  // GenSpecs 5.1.2 / ISO/IEC 15424: only these symbology identifiers announce GS1 element strings.
  if (symbology !== null && !gs1Symbology) return fail('GS1_NOT_GS1_SYMBOLOGY', { symbology });
  const read = raw.charCodeAt(from) === 40 ? readHumanReadable : readElementString;
  const failure = read(raw, from, to, year, scanMask(mask, raw, from), elements);
  if (failure !== null) return failure;
  if (elements.length === 0) return fail('GS1_NO_DATA');
  return checkAssociations(elements) ?? gs1Fields(symbology, 'GS1', elements, year);
}

export interface ScanOptions extends DecodeOptions {
  /** The unit being scanned: EA and BUN are read by serial (21, with GTIN 01), CTN and PLT by SSCC (00). */
  readonly unit?: UnitType;
  /** GS1 (default) or NON_GS1 mode (spec point 5). */
  readonly idType?: IdType;
  /** 'batch': a batch scan, where an SSCC is an error. Default 'item'. */
  readonly purpose?: 'item' | 'batch';
  /**
   * Non-GS1 mode: the prefix(es) readers add (the warehouse's and the reader's), removed before a plain
   * code is read; the longest that matches is removed, once.
   */
  readonly prefix?: string | readonly string[];
  /** Non-GS1 mode: remove '00' from a 20-character code starting with '00' (a reader or warehouse setting; off by default). */
  readonly strip00?: boolean;
  /** GS1 mode, CTN / PLT: accept 18 digits with a valid check digit as an SSCC typed without its AI (00). */
  readonly bareSscc?: boolean;
}

/** Non-GS1 plain codes: 4 to 25 characters (spec point 5). Matrix codes: 20 to 200. */
export const PLAIN_CODE_LENGTH = { min: 4, max: 25 } as const;
export const MATRIX_CODE_LENGTH = { min: 20, max: 200 } as const;

function withId(result: Decoded, id: string | null): Decoded {
  const { gtin, sscc, batch, expiry, serial, ppn, code } = result;
  return decoded(result.symbology, result.format, result.elements, { gtin, sscc, batch, expiry, serial, ppn, code, id });
}

/** The unit named in a message ('pallet', 'carton'). */
function unitParam(unit: UnitType): { unit: string } {
  return { unit: UNIT_LABELS[unit].toLowerCase() };
}

/** The unit's identifier rules of spec point 5 on a decoded GS1 or IFA code. */
function applyUnitRules(result: Decoded, options: ScanOptions): DecodeResult {
  if (options.purpose === 'batch') return result.sscc !== null ? fail('GS1_SSCC_IN_BATCH_SCAN') : result;
  switch (options.unit) {
    case 'EA':
    case 'BUN':
      if (result.serial === null) return fail('SERIAL_NOT_RECOGNIZED');
      if (result.gtin === null && result.ppn === null) return fail('GS1_SERIAL_WITHOUT_GTIN');
      return withId(result, result.serial);
    case 'CTN':
    case 'PLT':
      if (result.sscc !== null) return withId(result, result.sscc);
      // A pack's code (GTIN, serial) read in carton or pallet mode: say so and what to scan instead.
      if (result.gtin !== null || result.serial !== null) return fail('PACK_CODE_IN_SSCC_MODE', unitParam(options.unit));
      return fail('ITEM_ID_NOT_SUPPORTED');
    default:
      return result;
  }
}

/** The longest configured prefix that starts s, or ''. */
function matchingPrefix(s: string, prefix: ScanOptions['prefix']): string {
  const prefixes = typeof prefix === 'string' ? [prefix] : (prefix ?? []);
  let best = '';
  for (const p of prefixes) if (p.length > best.length && s.startsWith(p)) best = p;
  return best;
}

/**
 * A plain code (spec point 5): a symbology identifier and the configured prefix removed, then 4 to 25
 * letters, digits, '-', '/' or '.'; anything else is the spec's "Item's ID is not supported" (the
 * params say why, for logs).
 */
function plainCode(s: string, options: ScanOptions): DecodeResult {
  const unwrapped = s.charCodeAt(0) === 93 && s.length > 3 ? s.slice(3) : s;
  const code = unwrapped.slice(matchingPrefix(unwrapped, options.prefix).length);
  const { min, max } = PLAIN_CODE_LENGTH;
  if (code.length < min || code.length > max) return fail('ITEM_ID_NOT_SUPPORTED', { min, max, length: code.length });
  const bad = code.search(/[^-./0-9A-Za-z]/);
  if (bad >= 0) return fail('ITEM_ID_NOT_SUPPORTED', { char: showChar(code.charAt(bad)), position: bad + 1 });
  // Carton or pallet mode: 18 digits with a valid check digit are the SSCC of its label, read without
  // its AI (the Non-GS1 mode reads no AIs); the unit is then found by that SSCC (decision 0042).
  const sscc = (options.unit === 'CTN' || options.unit === 'PLT') && isBareSscc(code) ? code : null;
  return decoded(null, 'PLAIN', [], { ...noFields(), sscc, code, id: code });
}

/**
 * 18 digits that read as no GS1 code and end in the wrong check digit: an SSCC typed with a wrong digit
 * (in any unit's mode: no pack code is 18 digits). Named with the check digit its first 17 digits give
 * (GS1 General Specifications 7.9.1), not as an unknown AI (issue 27).
 */
function wrongSsccCheckDigit(s: string): Failure | null {
  if (s.length !== 18 || !isInCset(s, 0, 18, 'N') || hasValidCheckDigit(s, 0, 18)) return null;
  return fail('SSCC_CHECK_DIGIT', { sscc: s, expected: expectedCheckDigit(s, 0, 18), found: s.charAt(17) });
}

/** 18 digits with a valid GS1 check digit: an SSCC typed without its AI. */
function isBareSscc(s: string): boolean {
  return s.length === 18 && isInCset(s, 0, 18, 'N') && hasValidCheckDigit(s, 0, 18);
}

/**
 * Decodes a scan with the app's rules (spec point 5):
 * - GS1 mode: GS1 element strings and Digital Link only; EA/BUN need serial (21) and GTIN (01),
 *   CTN/PLT need the SSCC (00); a batch scan holding an SSCC is an error.
 * - Non-GS1 mode: a matrix code of 20 to 200 characters (ISO/IEC 15434 / IFA, or GS1) first;
 *   otherwise the configured prefix is removed and a plain code of 4 to 25 characters accepted; any
 *   other code is ITEM_ID_NOT_SUPPORTED.
 * - GS1 mode, CTN / PLT: 18 digits with a valid check digit are an SSCC typed without (00):
 *   SSCC_WITHOUT_AI, or accepted with `bareSscc`.
 * - `strip00` (Non-GS1 mode): a 20-character code starting with '00' loses those two characters first.
 */
export function decodeScan(raw: string, options: ScanOptions): DecodeResult {
  if (typeof raw !== 'string') return fail('SCAN_EMPTY');
  const gs1Mode = (options.idType ?? 'GS1') === 'GS1';
  // Spec point 5, Non-GS1 mode only: in GS1 mode a 20-character code starting with '00' is the SSCC's
  // element string, whose AI (00) the decoder reads as such (GenSpecs 3.2), so nothing is removed.
  const text = !gs1Mode && options.strip00 === true && raw.length === 20 && raw.startsWith('00') ? raw.slice(2) : raw;
  if (gs1Mode) {
    if ((options.unit === 'CTN' || options.unit === 'PLT') && isBareSscc(text.trim())) {
      // GenSpecs 3.2: the SSCC is read with its AI (00); a bare one is accepted only where configured.
      if (options.bareSscc !== true) return fail('SSCC_WITHOUT_AI', unitParam(options.unit));
      const sscc = text.trim();
      return applyUnitRules(gs1Fields(null, 'GS1', [{ id: '00', value: sscc }], 0), options);
    }
    const result = decodeCode(text, options);
    if (!result.ok) return wrongSsccCheckDigit(text.trim()) ?? result;
    if (result.format !== 'GS1' && result.format !== 'GS1_DIGITAL_LINK') return fail('ITEM_ID_NOT_SUPPORTED');
    return applyUnitRules(result, options);
  }
  const trimmed = text.trim();
  if (trimmed === '') return fail('SCAN_EMPTY');
  if (trimmed.length >= MATRIX_CODE_LENGTH.min && trimmed.length <= MATRIX_CODE_LENGTH.max) {
    const matrix = decodeCode(trimmed, options);
    const isMatrix = isIso15434(trimmed, 0) || (matrix.ok && matrix.symbology !== null) || trimmed.includes('\x1d');
    if (isMatrix) return matrix.ok ? applyUnitRules(matrix, options) : matrix;
  }
  return plainCode(trimmed, options);
}

/** What the server finds a scanned unit by: the SSCC of a carton or pallet, GTIN + serial of a pack. */
export type UnitKey = { readonly sscc: string } | { readonly gtin: string; readonly serial: string };

/**
 * The key of the unit a decoded scan names in this unit's mode, or null where the code names none
 * (a plain code that is no SSCC, a pack's code without a GTIN): the server refuses such a scan with
 * ITEM_ID_NOT_SUPPORTED, and the scan page, checking with the same rule, before sending it.
 */
export function unitKeyOf(decoded: Decoded, unit: UnitType): UnitKey | null {
  if (unit === 'PLT' || unit === 'CTN') return decoded.sscc ? { sscc: decoded.sscc } : null;
  return decoded.gtin && decoded.serial ? { gtin: decoded.gtin, serial: decoded.serial } : null;
}
