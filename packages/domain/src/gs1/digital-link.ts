/**
 * GS1 Digital Link URIs (GS1 Digital Link standard 1.x, section 4 "URI syntax"):
 *   http(s)://any.host/optional/path/prefix/{primary key AI}/{value}[/{qualifier AI}/{value}...][?{AI}={value}&...]
 * Keys may be numeric AIs or the 1.x short names (gtin, lot, ser ...). Values are percent-encoded.
 * Query parameters that are not AIs are ignored (the standard reserves them for other uses, e.g. linkType).
 * A GTIN-8, -12 or -13 is padded to 14 digits (Digital Link 1.x, GTIN in the path).
 */
import { aiSpec, dlKeyToAi } from './ai-index.ts';
import { checkAiValue } from './ai-value.ts';
import { addElement } from './element-string.ts';
import { fail, type Element, type Failure } from './result.ts';

/** True when s at `from` starts with http:// or https:// (any case). */
export function isWebUri(s: string, from: number): boolean {
  const c = s.charCodeAt(from) | 32;
  if (c !== 104) return false;
  const head = s.slice(from, from + 8).toLowerCase();
  return head.startsWith('http://') || head === 'https://';
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** Percent-decodes s[from, to) byte by byte; answers the index of a broken escape as a negative number - 1. */
export function percentDecode(s: string, from: number, to: number): string | number {
  if (s.indexOf('%', from) < 0 || s.indexOf('%', from) >= to) return s.slice(from, to);
  let out = '';
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c !== 37) {
      out += s.charAt(i);
      continue;
    }
    const hi = hexValue(s.charCodeAt(i + 1));
    const lo = hexValue(s.charCodeAt(i + 2));
    if (i + 2 >= to || hi < 0 || lo < 0) return -i - 1;
    out += String.fromCharCode(hi * 16 + lo);
    i += 2;
  }
  return out;
}

interface Segment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function split(s: string, from: number, to: number, sep: number): Segment[] {
  const out: Segment[] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i === to || s.charCodeAt(i) === sep) {
      out.push({ start, end: i, text: s.slice(start, i) });
      start = i + 1;
    }
  }
  return out;
}

/** Index of the primary key segment: the first key AI followed only by AI/value pairs. */
function primaryKeyIndex(segments: readonly Segment[]): number {
  for (let i = 0; i < segments.length - 1; i++) {
    const ai = dlKeyToAi((segments[i] as Segment).text);
    if (ai === undefined || !aiSpec(ai)?.dlPrimaryKey || (segments.length - i) % 2 !== 0) continue;
    let pairs = true;
    for (let j = i + 2; j < segments.length && pairs; j += 2) pairs = dlKeyToAi((segments[j] as Segment).text) !== undefined;
    if (pairs) return i;
  }
  return -1;
}

function addPair(ai: string, s: string, value: Segment, year: number, out: Element[]): Failure | null {
  const decoded = percentDecode(s, value.start, value.end);
  if (typeof decoded === 'number') return fail('GS1_DL_BAD_ENCODING', { position: -decoded });
  const spec = aiSpec(ai);
  if (spec === undefined) return fail('GS1_UNKNOWN_AI', { ai, position: value.start + 1 });
  const padded =
    ai === '01' && (decoded.length === 8 || decoded.length === 12 || decoded.length === 13) ? decoded.padStart(14, '0') : decoded;
  return checkAiValue(spec, padded, 0, padded.length, year, value.start + 1) ?? addElement(out, ai, padded);
}

/** Reads the Digital Link URI s[from, to) into `out`. */
export function readDigitalLink(s: string, from: number, to: number, year: number, out: Element[]): Failure | null {
  const scheme = s.indexOf('://', from);
  const hash = s.indexOf('#', from);
  const end = hash >= 0 && hash < to ? hash : to;
  const query = s.indexOf('?', from);
  const pathEnd = query >= 0 && query < end ? query : end;
  const pathStart = s.indexOf('/', scheme + 3);
  if (scheme < 0 || pathStart < 0 || pathStart >= pathEnd) return fail('GS1_DL_NO_KEY');
  const segments = split(s, pathStart + 1, pathEnd, 47);
  const key = primaryKeyIndex(segments);
  if (key < 0) return fail('GS1_DL_NO_KEY');
  for (let i = key; i + 1 < segments.length; i += 2) {
    const ai = dlKeyToAi((segments[i] as Segment).text) as string;
    const failure = addPair(ai, s, segments[i + 1] as Segment, year, out);
    if (failure !== null) return failure;
  }
  if (pathEnd === end) return null;
  for (const param of split(s, pathEnd + 1, end, 38)) {
    const eq = param.text.indexOf('=');
    const ai = eq > 0 ? dlKeyToAi(param.text.slice(0, eq)) : undefined;
    if (ai === undefined) continue;
    const failure = addPair(ai, s, { start: param.start + eq + 1, end: param.end, text: '' }, year, out);
    if (failure !== null) return failure;
  }
  return null;
}
