/**
 * Content checks of the GS1 Barcode Syntax Dictionary's linters beyond check digits, dates and
 * times (those live in check-digit.ts and dates.ts). Each reads the component s[from, to) in place,
 * whose character set is already checked, and answers the catalogue code of the failure or null.
 */
import type { MessageCode } from '../messages.ts';

/** GS1 character set 82 in the order that gives each character its value (GenSpecs Figure 7.11-1). */
const CSET82_ORDER = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** Character set 32, the check characters of alphanumeric keys (GenSpecs 7.9.5). */
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function digitsAt(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) < 48 || s.charCodeAt(i) > 57) return false;
  return true;
}

function primes(count: number): number[] {
  const out: number[] = [];
  for (let n = 2; out.length < count; n++) if (out.every((p) => n % p !== 0)) out.push(n);
  return out;
}
let PRIMES: number[] | null = null;

/**
 * GenSpecs 7.9.5 check character pair of alphanumeric keys (GMN 8013, MUDI 8014): each data
 * character's value in set 82 times a prime, the primes rising from the right (2, 3, 5 ...), summed
 * modulo 1021; the pair is that sum in two 5-bit halves, written in set 32.
 */
export function hasValidCheckPair(s: string, from: number, to: number): boolean {
  if (to - from < 2) return false;
  PRIMES ??= primes(97);
  if (to - from - 2 > PRIMES.length) return false;
  let sum = 0;
  for (let i = to - 3, k = 0; i >= from; i--, k++) sum += CSET82_ORDER.indexOf(s.charAt(i)) * (PRIMES[k] as number);
  sum %= 1021;
  return s.charAt(to - 2) === CSET32.charAt(sum >> 5) && s.charAt(to - 1) === CSET32.charAt(sum & 31);
}

function allZero(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (s.charCodeAt(i) !== 48) return false;
  return true;
}

/** One character among `chars`. */
function oneOf(s: string, from: number, to: number, chars: string): boolean {
  return to - from === 1 && chars.includes(s.charAt(from));
}

/** The dictionary's pieceoftotal: piece and total (two halves) not zero, piece not above total. */
function isPieceOfTotal(s: string, from: number, to: number): boolean {
  const half = (to - from) / 2;
  if (half < 1 || !Number.isInteger(half)) return false;
  const piece = Number(s.slice(from, from + half));
  const total = Number(s.slice(from + half, to));
  return piece >= 1 && total >= 1 && piece <= total;
}

/** Character set 64 padding: '=' only at the end, at most two, the padded length a multiple of 3. */
function isPaddedCset64(s: string, from: number, to: number): boolean {
  let pads = 0;
  while (pads < to - from && s.charCodeAt(to - 1 - pads) === 61) pads++;
  for (let i = from; i < to - pads; i++) if (s.charCodeAt(i) === 61) return false;
  return pads === 0 || (pads <= 2 && (to - from) % 3 === 0);
}

/** Valid percent-encoding: every '%' followed by two hexadecimal digits. */
function isPercentEncoded(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    if (s.charCodeAt(i) !== 37) continue;
    if (i + 2 >= to || !/^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) return false;
  }
  return true;
}

/** 'pos/end' with both numbers from 1, no leading zero, pos not above end (7258 birth sequence). */
function isPositionInSequence(s: string, from: number, to: number): boolean {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(s.slice(from, to));
  return m !== null && Number(m[1]) <= Number(m[2]);
}

/** The failure of a linter on s[from, to), or null. */
export function lint(check: string, s: string, from: number, to: number): MessageCode | null {
  switch (check) {
    case 'csumalpha':
      return hasValidCheckPair(s, from, to) ? null : 'GS1_BAD_CHECK_PAIR';
    case 'key':
    case 'keyoff1': {
      // A GS1 key starts with a GS1 Company Prefix (after the indicator or extension digit for keyoff1),
      // which has at least 4 digits (dictionary, key linter).
      const at = from + (check === 'keyoff1' ? 1 : 0);
      return at + 4 <= to && digitsAt(s, at, at + 4) ? null : 'GS1_BAD_COMPANY_PREFIX';
    }
    case 'pieceoftotal':
      return isPieceOfTotal(s, from, to) ? null : 'GS1_BAD_PIECE_OF_TOTAL';
    case 'zero':
      return oneOf(s, from, to, '0') ? null : 'GS1_BAD_VALUE';
    case 'nonzero':
      return allZero(s, from, to) ? 'GS1_BAD_VALUE' : null;
    case 'winding':
      return oneOf(s, from, to, '019') ? null : 'GS1_BAD_VALUE';
    case 'yesno':
      return oneOf(s, from, to, '01') ? null : 'GS1_BAD_VALUE';
    case 'hyphen':
      return oneOf(s, from, to, '-') ? null : 'GS1_BAD_VALUE';
    case 'iso5218':
      return oneOf(s, from, to, '0129') ? null : 'GS1_BAD_VALUE';
    case 'nozeroprefix':
      return to - from > 1 && s.charCodeAt(from) === 48 ? 'GS1_BAD_VALUE' : null;
    case 'hasnondigit':
      return digitsAt(s, from, to) ? 'GS1_BAD_VALUE' : null;
    case 'latitude':
      return Number(s.slice(from, to)) <= 1_800_000_000 ? null : 'GS1_BAD_VALUE';
    case 'longitude':
      return Number(s.slice(from, to)) <= 3_600_000_000 ? null : 'GS1_BAD_VALUE';
    case 'pcenc':
      return isPercentEncoded(s, from, to) ? null : 'GS1_BAD_VALUE';
    case 'mediatype': {
      // AIDC media type (7241): 01-10 assigned, 80-99 local use; the rest is reserved.
      const n = to - from === 2 && digitsAt(s, from, to) ? Number(s.slice(from, to)) : 0;
      return (n >= 1 && n <= 10) || n >= 80 ? null : 'GS1_BAD_VALUE';
    }
    case 'importeridx':
      return to - from === 1 && /[-\w]/.test(s.charAt(from)) ? null : 'GS1_BAD_VALUE';
    case 'posinseqslash':
      return isPositionInSequence(s, from, to) ? null : 'GS1_BAD_VALUE';
    case 'cset64':
      return isPaddedCset64(s, from, to) ? null : 'GS1_BAD_VALUE';
    default:
      return null;
  }
}
