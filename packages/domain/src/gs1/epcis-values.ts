/**
 * The GS1 values of an EPCIS 2.0 event, checked by the rules the scan decoder applies (decision 0056):
 * - the lot of `ilmd` (CBV 2.0 master data `lotNumber`) is the value of AI 10: X..20, GS1 character
 *   set 82 (GenSpecs 7.11, Figure 7.11-1);
 * - the expiry of `ilmd` (`itemExpirationDate`, an xsd:date) is a real day written YYYY-MM-DD, in the
 *   years AI 17 (N6 YYMMDD, GenSpecs 7.12 century window) can carry;
 * - the serial of an SGTIN EPC URI is the value of AI 21 once percent-decoded (EPC Tag Data Standard,
 *   section 6.3.1 and table A-1), the lot of an LGTIN class URI the value of AI 10;
 * - a GS1 Digital Link URI is decoded whole: its values are AIs already.
 * The rules come from the AI table (`ai-table.ts`, the GS1 Barcode Syntax Dictionary) through
 * `checkAiValue`, the decoder's own check: there is no second table here.
 */
import { aiSpec, type AiSpec } from './ai-index.ts';
import { checkAiValue } from './ai-value.ts';
import { currentYear, isoDate, resolveYear, type Today } from './dates.ts';
import { decodeCode } from './decode.ts';
import { showChar, type Failure, type Params } from './result.ts';

export type EpcisValueCode =
  | 'EPCIS_VALUE_NOT_TEXT'
  | 'EPCIS_VALUE_EMPTY'
  | 'EPCIS_VALUE_TOO_LONG'
  | 'EPCIS_VALUE_BAD_CHARACTER'
  | 'EPCIS_VALUE_BAD_ENCODING'
  | 'EPCIS_VALUE_BAD_URI'
  | 'EPCIS_VALUE_BAD_DATE';

/** The first value of an event that breaks its rule: the catalogue code, the field ('epcList[3]', 'ilmd.cbvmda:lotNumber'), the details. */
export interface EpcisValueFailure {
  readonly code: EpcisValueCode;
  readonly field: string;
  readonly params: Params;
}

const LOT = aiSpec('10') as AiSpec;
const SERIAL = aiSpec('21') as AiSpec;

/** The lists of EPCs (EPCIS 2.0 section 7.3) and of quantities (their `epcClass`) an event may hold. */
const EPC_LISTS = ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'] as const;
const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'] as const;

type Json = Record<string, unknown>;

/** The ilmd entries named `name` (any prefix: 'cbvmda:lotNumber', 'urn:epcglobal:cbv:mda#lotNumber'), as the intake reads them. */
function ilmdEntries(ilmd: unknown, name: string): [key: string, value: unknown][] {
  if (!ilmd || typeof ilmd !== 'object' || Array.isArray(ilmd)) return [];
  return Object.entries(ilmd as Json).filter(([key]) => key.split(/[:#/]/).pop() === name);
}

/** The lot an event's ilmd gives (CBV 2.0 `lotNumber`), or null. Check the event first with `epcisValueFailure`. */
export function ilmdLot(ilmd: unknown): string | null {
  const value = ilmdEntries(ilmd, 'lotNumber')[0]?.[1];
  return typeof value === 'string' ? value : null;
}

/** The expiry an event's ilmd gives (CBV 2.0 `itemExpirationDate`) as YYYY-MM-DD, or null. */
export function ilmdExpiry(ilmd: unknown): string | null {
  const value = ilmdEntries(ilmd, 'itemExpirationDate')[0]?.[1];
  return typeof value === 'string' ? value.slice(0, 10) : null;
}

/** xsd:date: YYYY-MM-DD with an optional time zone (XML Schema 1.1 part 2, 3.3.9). */
const XSD_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00))?$/;

/** A real day that AI 17 can carry: its two-digit year read back by the GS1 century window is the same year. */
function isExpiry(value: string, year: number): boolean {
  const m = XSD_DATE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  return isoDate(y, Number(m[2]), Number(m[3]), false) !== null && resolveYear(y % 100, year) === y;
}

/** A value for a message: at most 32 characters, control characters written as U+XXXX. */
function shown(value: string): string {
  const cut = value.length > 32 ? value.slice(0, 32) + '…' : value;
  return cut.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => showChar(c));
}

/**
 * A decoder failure as an EPCIS value failure; null for failures that are not about a value's length or
 * characters (a wrong check digit, a URI that is no GS1 Digital Link): the intake refuses those where it reads the EPC.
 */
function fromFailure(field: string, failure: Failure): EpcisValueFailure | null {
  const { ai } = failure.params;
  switch (failure.code) {
    case 'GS1_EMPTY_VALUE':
      return { code: 'EPCIS_VALUE_EMPTY', field, params: { ai: ai! } };
    case 'GS1_VALUE_TOO_LONG':
      return { code: 'EPCIS_VALUE_TOO_LONG', field, params: { ai: ai!, max: failure.params.max!, length: failure.params.length! } };
    case 'GS1_BAD_CHARACTER':
      return { code: 'EPCIS_VALUE_BAD_CHARACTER', field, params: { ai: ai!, char: failure.params.char! } };
    // A Digital Link URI holding a character no URI holds, raw or percent-encoded badly: its value cannot be read.
    case 'GS1_DL_BAD_CHARACTER':
    case 'GS1_DL_BAD_ENCODING':
      return { code: 'EPCIS_VALUE_BAD_URI', field, params: { problem: failure.message } };
    default:
      return null;
  }
}

function checkValue(spec: AiSpec, field: string, value: string, year: number): EpcisValueFailure | null {
  const failure = checkAiValue(spec, value, 0, value.length, year, 1);
  return failure === null ? null : fromFailure(field, failure);
}

/** The value after the item reference of an EPC URI ('urn:epc:id:sgtin:CompanyPrefix.ItemRef.Serial'), percent-decoded. */
function lastPart(uri: string, prefix: string): string | null | undefined {
  const first = uri.indexOf('.', prefix.length);
  const second = first < 0 ? -1 : uri.indexOf('.', first + 1);
  if (second < 0) return undefined;
  try {
    return decodeURIComponent(uri.slice(second + 1));
  } catch {
    return null;
  }
}

function checkEpc(field: string, epc: unknown, today: Today, year: number): EpcisValueFailure | null {
  if (typeof epc !== 'string') return { code: 'EPCIS_VALUE_NOT_TEXT', field, params: {} };
  for (const [prefix, spec] of [
    ['urn:epc:id:sgtin:', SERIAL],
    ['urn:epc:class:lgtin:', LOT],
  ] as const) {
    if (!epc.startsWith(prefix)) continue;
    const value = lastPart(epc, prefix);
    if (value === null) return { code: 'EPCIS_VALUE_BAD_ENCODING', field, params: { ai: spec.ai } };
    // A URI of another shape is no SGTIN: the intake refuses it where it reads it.
    return value === undefined ? null : checkValue(spec, field, value, year);
  }
  if (/^https?:\/\//i.test(epc)) {
    const decoded = decodeCode(epc, { today });
    return decoded.ok ? null : fromFailure(field, decoded);
  }
  return null;
}

/**
 * The first GS1 value of an EPCIS event that breaks its rule, or null. `offsets` gives, for a list
 * that `event` holds only a part of (a large event taken a part at a time), the index of the part's
 * first entry in the whole list, so that the field named is the whole event's ('epcList[1203]').
 * Garbage never throws.
 */
export function epcisValueFailure(event: unknown, today: Today, offsets: Readonly<Record<string, number>> = {}): EpcisValueFailure | null {
  if (!event || typeof event !== 'object') return null;
  const e = event as Json;
  const year = currentYear(today);
  for (const [key, value] of ilmdEntries(e.ilmd, 'lotNumber')) {
    const field = `ilmd.${key}`;
    if (typeof value !== 'string') return { code: 'EPCIS_VALUE_NOT_TEXT', field, params: {} };
    const failure = checkValue(LOT, field, value, year);
    if (failure) return failure;
  }
  for (const [key, value] of ilmdEntries(e.ilmd, 'itemExpirationDate')) {
    const field = `ilmd.${key}`;
    if (typeof value !== 'string') return { code: 'EPCIS_VALUE_NOT_TEXT', field, params: {} };
    if (!isExpiry(value, year)) return { code: 'EPCIS_VALUE_BAD_DATE', field, params: { value: shown(value) } };
  }
  if ('parentID' in e) {
    const failure = checkEpc('parentID', e.parentID, today, year);
    if (failure) return failure;
  }
  for (const key of EPC_LISTS) {
    const list = e[key];
    if (!Array.isArray(list)) continue;
    const from = offsets[key] ?? 0;
    for (let i = 0; i < list.length; i++) {
      const failure = checkEpc(`${key}[${from + i}]`, list[i], today, year);
      if (failure) return failure;
    }
  }
  for (const key of QUANTITY_LISTS) {
    const list = e[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const item = list[i] as Json | null;
      if (!item || typeof item !== 'object' || !('epcClass' in item)) continue;
      const failure = checkEpc(`${key}[${i}].epcClass`, item.epcClass, today, year);
      if (failure) return failure;
    }
  }
  return null;
}
