/**
 * GS1 Digital Link URIs (GS1 Digital Link standard 1.x, section 4 "URI syntax"):
 *   http(s)://any.host/optional/path/prefix/{primary key AI}/{value}[/{qualifier AI}/{value}...][?{AI}={value}&...]
 * Keys may be numeric AIs or the 1.x short names (gtin, lot, ser ...). Values are percent-encoded and
 * decoded once; '+' is a plus sign, not a space. The path holds a primary key and only its qualifiers,
 * in order; the query only data attributes (flag '?' of the Syntax Dictionary) other than the key's
 * qualifiers; an AI appears once. Query parameters that are not AIs and not all digits are ignored
 * (the standard reserves them for other uses, e.g. linkType); an all-digit one is an unknown AI.
 * The scheme is http or https in all lower or all upper case; the host is not empty; every character
 * is one a URI may hold (RFC 3986).
 * A GTIN-8, -12 or -13 is padded to 14 digits (Digital Link 1.x, GTIN in the path).
 */
import { aiSpec, dlKeyToAi, type AiSpec } from './ai-index.ts';
import { checkAiValue } from './ai-value.ts';
import { fail, showChar, type Element, type Failure } from './result.ts';

/** True when s at `from` starts with http:// or https:// (any case; readDigitalLink checks the case). */
export function isWebUri(s: string, from: number): boolean {
  const c = s.charCodeAt(from) | 32;
  if (c !== 104) return false;
  const head = s.slice(from, from + 8).toLowerCase();
  return head.startsWith('http://') || head === 'https://';
}

/** RFC 3986 2.2 / 2.3: the characters a URI may hold (unreserved, reserved and '%'). */
const URI_CHARS = (() => {
  const t = new Uint8Array(128);
  const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%";
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 1;
  return t;
})();

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

/** True when the qualifier AIs follow one of the key's allowed sequences, in its order (dlpkey=22,10,21|235). */
function inOrder(qualifiers: readonly string[], sequences: readonly (readonly string[])[]): boolean {
  if (qualifiers.length === 0) return true;
  return sequences.some((sequence) => {
    let at = 0;
    for (const q of qualifiers) {
      const i = sequence.indexOf(q, at);
      if (i < 0) return false;
      at = i + 1;
    }
    return true;
  });
}

/**
 * The primary key as the URI grammar finds it (Digital Link URI syntax 1.x, section 4.2 / 6): after
 * an optional path prefix, a primary key and its value, then only that key's qualifiers with their
 * values, in the order the standard gives. Answers the key's index, or -1 - the index of a primary key
 * whose path breaks that rule (-1 alone when no primary key is present).
 */
function primaryKeyIndex(segments: readonly Segment[]): number {
  let broken = -1;
  for (let i = 0; i < segments.length - 1; i++) {
    const spec = aiSpec(dlKeyToAi((segments[i] as Segment).text) ?? '');
    if (spec === undefined || !spec.dlPrimaryKey) continue;
    const qualifiers: string[] = [];
    for (let j = i + 2; j < segments.length; j += 2) qualifiers.push(dlKeyToAi((segments[j] as Segment).text) ?? '?');
    if ((segments.length - i) % 2 === 0 && inOrder(qualifiers, spec.dlQualifiers)) return i;
    if (broken < 0) broken = i;
  }
  return broken < 0 ? -1 : -2 - broken;
}

function addPair(ai: string, s: string, value: Segment, year: number, out: Element[]): Failure | null {
  const decoded = percentDecode(s, value.start, value.end);
  if (typeof decoded === 'number') return fail('GS1_DL_BAD_ENCODING', { position: -decoded });
  const spec = aiSpec(ai);
  if (spec === undefined) return fail('GS1_UNKNOWN_AI', { ai, position: value.start + 1 });
  const padded =
    ai === '01' && (decoded.length === 8 || decoded.length === 12 || decoded.length === 13) ? decoded.padStart(14, '0') : decoded;
  const failure = checkAiValue(spec, padded, 0, padded.length, year, value.start + 1);
  if (failure !== null) return failure;
  // Digital Link 1.x section 4.x: an AI appears once in a URI, in the path or in the query.
  if (out.some((e) => e.id === ai)) return fail('GS1_DL_DUPLICATE_AI', { ai });
  out.push({ id: ai, value: padded });
  return null;
}

function isAllDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return s.length > 0;
}

/** Checks the scheme (http or https, all lower or all upper case), the characters and the host. */
function checkUri(s: string, from: number, to: number, scheme: number): Failure | null {
  const name = s.slice(from, scheme);
  if (name !== 'http' && name !== 'https' && name !== 'HTTP' && name !== 'HTTPS') return fail('GS1_DL_BAD_SCHEME', { scheme: name });
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || URI_CHARS[c] === 0) return fail('GS1_DL_BAD_CHARACTER', { char: showChar(s.charAt(i)), position: i + 1 });
  }
  let hostEnd = scheme + 3;
  while (hostEnd < to && s.charCodeAt(hostEnd) !== 47 && s.charCodeAt(hostEnd) !== 63 && s.charCodeAt(hostEnd) !== 35) hostEnd++;
  const authority = s.slice(scheme + 3, hostEnd);
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return host === '' ? fail('GS1_DL_NO_HOST') : null;
}

/** Reads the Digital Link URI s[from, to) into `out`. */
export function readDigitalLink(s: string, from: number, to: number, year: number, out: Element[]): Failure | null {
  const scheme = s.indexOf('://', from);
  const uriFailure = checkUri(s, from, to, scheme);
  if (uriFailure !== null) return uriFailure;
  const hash = s.indexOf('#', from);
  const end = hash >= 0 && hash < to ? hash : to;
  const query = s.indexOf('?', from);
  const pathEnd = query >= 0 && query < end ? query : end;
  const pathStart = s.indexOf('/', scheme + 3);
  if (pathStart < 0 || pathStart >= pathEnd) return fail('GS1_DL_NO_KEY');
  const segments = split(s, pathStart + 1, pathEnd, 47);
  const key = primaryKeyIndex(segments);
  if (key === -1) return fail('GS1_DL_NO_KEY');
  if (key < -1) {
    const ai = dlKeyToAi((segments[-2 - key] as Segment).text) as string;
    const sequences = (aiSpec(ai)?.dlQualifiers ?? []).map((q) => q.map((x) => `(${x})`).join(' ')).join(' | ');
    return sequences === '' ? fail('GS1_DL_NO_QUALIFIERS', { ai }) : fail('GS1_DL_BAD_PATH', { ai, qualifiers: sequences });
  }
  const keyAi = dlKeyToAi((segments[key] as Segment).text) as string;
  for (let i = key; i + 1 < segments.length; i += 2) {
    const ai = dlKeyToAi((segments[i] as Segment).text) as string;
    const failure = addPair(ai, s, segments[i + 1] as Segment, year, out);
    if (failure !== null) return failure;
  }
  if (pathEnd === end) return null;
  const qualifiers = aiSpec(keyAi)?.dlQualifiers ?? [];
  for (const param of split(s, pathEnd + 1, end, 38)) {
    const eq = param.text.indexOf('=');
    const name = eq >= 0 ? param.text.slice(0, eq) : param.text;
    const ai = dlKeyToAi(name);
    if (ai === undefined) {
      // Other keys are left to other uses (linkType ...); an unknown numeric key is an unknown AI.
      if (isAllDigits(name)) return fail('GS1_UNKNOWN_AI', { ai: name, position: param.start + 1 });
      continue;
    }
    if (!(aiSpec(ai) as AiSpec).dlAttribute || qualifiers.some((q) => q.includes(ai))) return fail('GS1_DL_NOT_ATTRIBUTE', { ai });
    const failure = addPair(ai, s, { start: param.start + eq + 1, end: param.end, text: '' }, year, out);
    if (failure !== null) return failure;
  }
  return null;
}
