/**
 * GS1 Digital Link URIs (GS1 Digital Link standard 1.x, section 4 "URI syntax"):
 *   http(s)://any.host/optional/path/prefix/{primary key AI}/{value}[/{qualifier AI}/{value}...][?{AI}={value}&...]
 * Keys may be numeric AIs or the 1.x short names (gtin, lot, ser ...). Values are percent-encoded and
 * decoded once, and every '%' of the URI starts an escape of two hexadecimal digits (RFC 3986 2.1).
 * In the path '+' is a plus sign; in the query a '+' stands for a space (form encoding, as GS1's
 * Syntax Engine reads it), which is in no GS1 character set, so a query value holding one is refused:
 * a plus sign is written %2B there. The path holds a primary key and only its qualifiers,
 * in order; the query only data attributes (flag '?' of the Syntax Dictionary) other than the key's
 * qualifiers; an AI appears once. Query parameters that are not AIs and not all digits are ignored
 * (the standard reserves them for other uses, e.g. linkType); an all-digit one is an unknown AI.
 * The scheme is http or https in all lower or all upper case; the host is not empty; every character
 * is one a URI may hold (RFC 3986).
 * A GTIN-8, -12 or -13 is padded to 14 digits (Digital Link 1.x, GTIN in the path).
 * `encodeDigitalLinkValue` writes a value the way this reader reads it back.
 */
import { aiSpec, dlKeyToAi, type AiSpec } from './ai-index.ts';
import { charTable, checkAiValue, isInCset } from './ai-value.ts';
import { fail, showAis, showChar, type Element, type Failure } from './result.ts';

/** True when s at `from` starts with http:// or https:// (any case; readDigitalLink checks the case). */
export function isWebUri(s: string, from: number): boolean {
  const c = s.charCodeAt(from) | 32;
  if (c !== 104) return false;
  const head = s.slice(from, from + 8).toLowerCase();
  return head.startsWith('http://') || head === 'https://';
}

/** RFC 3986 2.2 / 2.3: the characters a URI may hold (unreserved, reserved and '%'). */
const URI_CHARS = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%");

/** RFC 3986 2.1: a percent sign not followed by two hexadecimal digits ('%%' and '%G1' are broken). */
const BROKEN_ESCAPE = /^%(?![0-9A-Fa-f]{2})/;

/** Percent-decodes s[from, to) byte by byte; checkUri has refused every broken escape before. */
export function percentDecode(s: string, from: number, to: number): string {
  const first = s.indexOf('%', from);
  if (first < 0 || first >= to) return s.slice(from, to);
  let out = '';
  for (let i = from; i < to; i++) {
    if (s.charCodeAt(i) === 37) {
      out += String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out += s.charAt(i);
    }
  }
  return out;
}

/** RFC 3986 2.3: the unreserved characters, the only ones a value keeps as they are. */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
/** A lone surrogate: TextEncoder writes it as U+FFFD, where encodeURIComponent would throw. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value (an AI value, or another query value) written as a Digital Link path segment or query value:
 * every character but the unreserved ones of RFC 3986 2.3 is percent-encoded, byte by byte of its UTF-8
 * form, with upper-case hexadecimal digits (RFC 3986 2.1). The GS1 Digital Link URI syntax (1.2, the
 * ABNF's XCHAR and YCHAR) percent-encodes every symbol of the 82- and 39-character sets but '-', '.'
 * and '_'. A '+' is %2B in the path and in the query alike: the reader above refuses a raw '+' in a
 * query value. Nothing is refused here (the reader checks the character sets), and nothing throws.
 * encodeURIComponent leaves !'()* as they are, which RFC 3986 reserves: they are encoded after it.
 */
export function encodeDigitalLinkValue(value: string): string {
  if (UNRESERVED.test(value)) return value;
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD')).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
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

function addPair(ai: string, s: string, value: Segment, year: number, out: Element[], query = false): Failure | null {
  const decoded = percentDecode(s, value.start, value.end);
  const spec = aiSpec(ai);
  if (spec === undefined) return fail('GS1_UNKNOWN_AI', { ai, position: value.start + 1 });
  const plus = query ? s.indexOf('+', value.start) : -1;
  if (plus >= 0 && plus < value.end) return fail('GS1_BAD_CHARACTER', { ai, char: showChar('+'), position: plus + 1 });
  const padded =
    ai === '01' && (decoded.length === 8 || decoded.length === 12 || decoded.length === 13) ? decoded.padStart(14, '0') : decoded;
  const failure = checkAiValue(spec, padded, 0, padded.length, year, value.start + 1);
  if (failure !== null) return failure;
  // Digital Link 1.x section 4.x: an AI appears once in a URI, in the path or in the query.
  if (out.some((e) => e.id === ai)) return fail('GS1_DL_DUPLICATE_AI', { ai });
  out.push({ id: ai, value: padded });
  return null;
}

/** Checks the scheme (http or https, all lower or all upper case), the characters and the host. */
function checkUri(s: string, from: number, to: number, scheme: number): Failure | null {
  const name = s.slice(from, scheme);
  if (name !== 'http' && name !== 'https' && name !== 'HTTP' && name !== 'HTTPS') return fail('GS1_DL_BAD_SCHEME', { scheme: name });
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c > 127 || URI_CHARS[c] === 0) return fail('GS1_DL_BAD_CHARACTER', { char: showChar(s.charAt(i)), position: i + 1 });
    // RFC 3986 2.1: '%' only as the start of an escape, '%' and two hexadecimal digits.
    if (c === 37 && BROKEN_ESCAPE.test(s.slice(i, to))) {
      return fail('GS1_DL_BAD_ENCODING', { position: i + 1 });
    }
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
    const sequences = showAis(aiSpec(ai)?.dlQualifiers ?? [], ' ', ' | ');
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
      if (name !== '' && isInCset(name, 0, name.length, 'N')) return fail('GS1_UNKNOWN_AI', { ai: name, position: param.start + 1 });
      continue;
    }
    if (!(aiSpec(ai) as AiSpec).dlAttribute || qualifiers.some((q) => q.includes(ai))) return fail('GS1_DL_NOT_ATTRIBUTE', { ai });
    const failure = addPair(ai, s, { start: param.start + eq + 1, end: param.end, text: '' }, year, out, true);
    if (failure !== null) return failure;
  }
  return null;
}
