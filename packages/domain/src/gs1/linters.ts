/**
 * Content checks of the GS1 Barcode Syntax Dictionary's linters beyond check digits, dates and
 * times (those live in check-digit.ts and dates.ts). Each reads the component s[from, to) in place,
 * whose character set is already checked, and answers the catalogue code of the failure or null.
 */
import type { MessageCode } from '../messages.ts';
import { yyyymmddToIso } from './dates.ts';

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
  return !/%(?![0-9A-Fa-f]{2})/.test(s.slice(from, to));
}

/** 'pos/end' with both numbers from 1, no leading zero, pos not above end (7258 birth sequence). */
function isPositionInSequence(s: string, from: number, to: number): boolean {
  const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(s.slice(from, to));
  return m !== null && Number(m[1]) <= Number(m[2]);
}

/**
 * Code lists, each packed as the gaps between its sorted codes, one character a gap ('0' + gap), so
 * that they weigh little in the web bundle. Source: the code lists of the GS1 Barcode Syntax
 * Dictionary's linters (decision 0044): ISO 3166-1 numeric (num-3), ISO 3166-1 alpha-2 (as
 * 26 x first letter + second letter + 1) and ISO 4217 numeric currency codes: the 179 codes of the
 * dictionary's iso4217 linter of its 2026-01-27 release (191 HRK, 694 SLL, 931 CUC and 932 ZWL
 * withdrawn; 396 XAD, 924 ZWG and 926 VED in; decision 0078: its change log writes XAD as "179", the
 * number of codes, while the linter and ISO 4217 give XAD the code 396).
 */
const ISO3166 =
  '442244443144442114444222282424444444484444442444413244314714424445111413422442242251<4444444444422444444444444446244243144224422444444444248421144444443211586444444212111572444444244441362512134444422481111468413844444224444444312243;851116:4422>657';
const ISO3166_ALPHA2 =
  '4111231221111212112111111211121112121121211121111331111155122;3221:11?112239121111131121111122<214219171112111;821?21141225211116271111322111113111111111111111122112331235=>41113111411322N:42241111211111111311221131211211111322131666611222257;=V?7<:';
const ISO4217 =
  '84D4842118444<66848884884>4>4;5688264D8FL444844444448<44224424314444<844B4<2684881?648<848244J938L8<224BD4444<444<7;886B2F4?G111111312221212111111121111111111211111121111113114432';

const unpacked = new Map<string, Set<number>>();
function codeSet(packed: string): Set<number> {
  let set = unpacked.get(packed);
  if (!set) {
    set = new Set();
    for (let i = 0, code = 0; i < packed.length; i++) set.add((code += packed.charCodeAt(i) - 48));
    unpacked.set(packed, set);
  }
  return set;
}

/** Three digits that are a code of the list. */
function inNumericList(s: string, from: number, to: number, packed: string): boolean {
  return to - from === 3 && digitsAt(s, from, to) && codeSet(packed).has(Number(s.slice(from, to)));
}

/** Two capital letters that are an ISO 3166-1 alpha-2 country code. */
function isAlpha2(s: string, from: number): boolean {
  const a = s.charCodeAt(from) - 65;
  const b = s.charCodeAt(from + 1) - 65;
  return a >= 0 && a < 26 && b >= 0 && b < 26 && codeSet(ISO3166_ALPHA2).has(a * 26 + b + 1);
}

/**
 * ISO 13616 IBAN (the dictionary's iban linter): 5 to 34 characters, an ISO 3166 alpha-2 country, two
 * check digits, then digits and capitals; moved four characters to the end, with letters as 10 to 35,
 * the number is 1 modulo 97.
 */
function isIban(s: string, from: number, to: number): boolean {
  if (to - from < 5 || !isAlpha2(s, from) || !digitsAt(s, from + 2, from + 4)) return false;
  let rest = 0;
  for (let k = 4; k < to - from + 4; k++) {
    const c = s.charCodeAt(from + (k < to - from ? k : k - (to - from)));
    if (c >= 48 && c <= 57) rest = (rest * 10 + c - 48) % 97;
    else if (c >= 65 && c <= 90) rest = (rest * 100 + c - 55) % 97;
    else return false;
  }
  return rest === 1;
}

/**
 * The GS1 PackageTypeCode list (UN/ECE Recommendation 21 with GS1's additions) of the dictionary's
 * packagetype linter (AI 7041, decision 0044): its 381 two-character codes packed as the gaps between
 * their indices (first character x 36 + second, each in 0-9 A-Z), and its 50 codes of one or three
 * characters listed.
 */
const PACKAGE_TYPES_2 =
  '^1221@@R7F16111211T41O8E1S11v111211112134297111111111111111111111111;1111111111111111111111111;114111111122111111131191111115H11143312231>736341;11474C1111111312<<14;25B2P2=114;112=1131=411<111?1111159188111111111112112211211;111211211112111E33113562911113121121311111112:11122212131111121=;G62212111116<11121121111211111111114711121121J111211211112111121111;1112112111121111111111';
const PACKAGE_TYPES_OTHER =
  ' 200 201 202 203 204 205 206 210 211 212 8 9 APE BGE BME BRI CBL CCE DPE FOB FPE LAB MPE OPE PAE PLP POP PPE PUE RB1 RB2 RB3 RCB SEC STL TEV THE TRE TTE TWE UUE WRP X11 X12 X15 X16 X17 X18 X19 X20 ';
/** A code of the PackageTypeCode list (the dictionary's packagetype linter). */
function isPackageType(s: string, from: number, to: number): boolean {
  const value = s.slice(from, to);
  if (value.length !== 2) return value !== '' && PACKAGE_TYPES_OTHER.includes(` ${value} `);
  return /^[0-9A-Z]{2}$/.test(value) && codeSet(PACKAGE_TYPES_2).has(parseInt(value, 36));
}

/**
 * The North American coupon codes, all digits, read field by field: a variable length indicator
 * (VLI) digit gives the length of the field after it. `couponposoffer` (AI 8112, GS1 AI (8112) Coupon
 * Data Specification): format code 0 or 1, funder ID (VLI 0-6, 6 + VLI digits), offer code (6),
 * serial number (VLI 0-9, 6 + VLI digits), nothing after. `couponcode` (AI 8110, North American
 * Coupon Application Guideline using GS1 DataBar Expanded): GS1 Company Prefix (VLI 0-6, 6 + VLI
 * digits), offer code (6), save value (VLI 1-5), first purchase requirement (VLI 1-5), its code (0-4
 * or 9) and family code (3); then the optional data fields, each at most once and in this order:
 * 1 additional purchase rules code (0-3) and second purchase (requirement VLI 1-5, code, family code,
 * GS1 Company Prefix VLI 0-6 or 9 for none); 2 third purchase (the same without the rules code);
 * 3 expiration date and 4 start date (YYMMDD, real days, the start not after the expiration);
 * 5 serial number (VLI 0-9, 6 + VLI digits); 6 retailer GS1 Company Prefix or GLN (VLI 1-7, 6 + VLI
 * digits); 9 save value code (0, 1, 2, 5 or 6), save value applies to item (0-2), store coupon flag
 * (a digit) and do not multiply flag (0 or 1). Nothing may follow the last field.
 */
function isCoupon(s: string, from: number, to: number, positiveOffer: boolean): boolean {
  if (!digitsAt(s, from, to)) return false;
  let at = from;
  /** The next digit is one of `digits`. */
  const one = (digits: string) => at < to && digits.includes(s.charAt(at++));
  const skip = (n: number) => (at += n) <= to;
  /** A VLI digit in `digits`, then `add` + VLI digits ('9' standing for an empty field where `none`). */
  const field = (digits: string, add: number, none = false) => {
    if (!one(digits)) return false;
    const vli = s.charCodeAt(at - 1) - 48;
    return none && vli === 9 ? true : skip(vli + add);
  };
  /** The optional field this indicator digit opens comes next: the indicator is read. */
  const next = (indicator: string) => at < to && s.charAt(at) === indicator && (at++, true);
  let expiry = '';
  /** YYMMDD, a real day; the start date (field 4) not after the expiration date (field 3). */
  const date = (start: boolean) => {
    if (!skip(6)) return false;
    const day = s.slice(at - 6, at);
    if (!start) expiry = day;
    return yyyymmddToIso('20' + day, 0, false) !== null && !(start && expiry !== '' && day > expiry);
  };
  const purchase = () => field('12345', 0) && one('012349') && skip(3) && field('01234569', 6, true);
  if (positiveOffer) return one('01') && field('0123456', 6) && skip(6) && field('0123456789', 6) && at === to;
  const ok =
    field('0123456', 6) &&
    skip(6) &&
    field('12345', 0) &&
    field('12345', 0) &&
    one('012349') &&
    skip(3) &&
    (!next('1') || (one('0123') && purchase())) &&
    (!next('2') || purchase()) &&
    (!next('3') || date(false)) &&
    (!next('4') || date(true)) &&
    (!next('5') || field('0123456789', 6)) &&
    (!next('6') || field('1234567', 6)) &&
    (!next('9') || (one('01256') && one('012') && one('0123456789') && one('01')));
  return ok && at === to;
}

/** A linter: true when s[from, to) passes it. */
type Linter = (s: string, from: number, to: number) => boolean;

/** One character among `chars`. */
const oneOf =
  (chars: string): Linter =>
  (s, from, to) =>
    to - from === 1 && chars.includes(s.charAt(from));

/** A number of at most `max` (latitude, longitude). */
const atMost =
  (max: number): Linter =>
  (s, from, to) =>
    Number(s.slice(from, to)) <= max;

/**
 * A GS1 key starts with a GS1 Company Prefix at its first character (gcppos1) or its second, after
 * the indicator or extension digit (gcppos2), of at least 4 digits (dictionary linters gcppos1 and
 * gcppos2, named key and keyoff1 before its 2026-01-27 release).
 */
const companyPrefixAt =
  (offset: number): Linter =>
  (s, from, to) =>
    from + offset + 4 <= to && digitsAt(s, from + offset, from + offset + 4);

/**
 * Each linter this package applies, with the catalogue code of its failure (GS1_BAD_VALUE where none
 * is named). Check digits, dates and times are checked in ai-value.ts.
 */
const LINTERS: Readonly<Record<string, readonly [linter: Linter, failure?: MessageCode]>> = {
  csumalpha: [hasValidCheckPair, 'GS1_BAD_CHECK_PAIR'],
  gcppos1: [companyPrefixAt(0), 'GS1_BAD_COMPANY_PREFIX'],
  gcppos2: [companyPrefixAt(1), 'GS1_BAD_COMPANY_PREFIX'],
  pieceoftotal: [isPieceOfTotal, 'GS1_BAD_PIECE_OF_TOTAL'],
  zero: [oneOf('0')],
  nonzero: [(s, from, to) => !allZero(s, from, to)],
  winding: [oneOf('019')],
  yesno: [oneOf('01')],
  hyphen: [oneOf('-')],
  iso5218: [oneOf('0129')],
  nozeroprefix: [(s, from, to) => to - from < 2 || s.charCodeAt(from) !== 48],
  hasnondigit: [(s, from, to) => !digitsAt(s, from, to)],
  latitude: [atMost(1_800_000_000)],
  longitude: [atMost(3_600_000_000)],
  pcenc: [isPercentEncoded],
  // AIDC media type (7241): 01-10 assigned, 80-99 local use; the rest is reserved.
  mediatype: [
    (s, from, to) => {
      const n = to - from === 2 && digitsAt(s, from, to) ? Number(s.slice(from, to)) : 0;
      return (n >= 1 && n <= 10) || n >= 80;
    },
  ],
  importeridx: [(s, from, to) => to - from === 1 && /[-\w]/.test(s.charAt(from))],
  posinseqslash: [isPositionInSequence],
  iso3166: [(s, from, to) => inNumericList(s, from, to, ISO3166), 'GS1_BAD_COUNTRY'],
  iso3166999: [(s, from, to) => s.slice(from, to) === '999' || inNumericList(s, from, to, ISO3166), 'GS1_BAD_COUNTRY'],
  iso3166alpha2: [(s, from, to) => to - from === 2 && isAlpha2(s, from), 'GS1_BAD_COUNTRY'],
  iso4217: [(s, from, to) => inNumericList(s, from, to, ISO4217), 'GS1_BAD_CURRENCY'],
  iban: [isIban, 'GS1_BAD_IBAN'],
  packagetype: [isPackageType, 'GS1_BAD_PACKAGE_TYPE'],
  couponcode: [(s, from, to) => isCoupon(s, from, to, false), 'GS1_BAD_COUPON'],
  couponposoffer: [(s, from, to) => isCoupon(s, from, to, true), 'GS1_BAD_COUPON'],
  cset64: [isPaddedCset64],
};

/** The failure of a linter on s[from, to), or null (also for a linter this package does not know). */
export function lint(check: string, s: string, from: number, to: number): MessageCode | null {
  const entry = Object.hasOwn(LINTERS, check) ? LINTERS[check] : undefined;
  return entry === undefined || entry[0](s, from, to) ? null : (entry[1] ?? 'GS1_BAD_VALUE');
}
