/**
 * Group separators as scanners and camera libraries deliver them.
 *
 * The GS1 element string separator is FNC1, transmitted as GS (ASCII 29) (GenSpecs 7.8.3). Keyboard-wedge
 * scanners cannot type a control character, so their "data formatting" rules replace it with text;
 * camera libraries and apps sometimes write it escaped. The real control character is always a
 * separator; each textual variant can be turned off per warehouse because some of them ('<', '>')
 * are legal in GS1 character set 82. '#' is never a separator (it is data in character set 39).
 *
 * Matching is done in place with charCodeAt (no normalised copy): `separatorLength` answers the length
 * of the separator token at a position, or 0.
 */

export const SEPARATOR_VARIANTS = [
  /** `<GS>` (Honeywell/Zebra data-formatting output, case-insensitive) */
  'ANGLE_GS',
  /** `{GS}` */
  'CURLY_GS',
  /** `[GS]` */
  'SQUARE_GS',
  /** `<FNC1>`, `{FNC1}`, `[FNC1]` */
  'FNC1_TAG',
  /** `^]`: caret notation of Ctrl+], the key combination that types GS */
  'CARET',
  /** `␝` U+241D SYMBOL FOR GROUP SEPARATOR, shown by some apps and OCR */
  'SYMBOL',
  /** `~1`: tilde escape used by several printer and scanner configurations */
  'TILDE',
  /** `\x1d` / `\x1D` written as text */
  'ESCAPED_HEX',
  /** `\u001d` / `\u001D` written as text (JSON / JavaScript escape) */
  'ESCAPED_UNICODE',
] as const;
export type SeparatorVariant = (typeof SEPARATOR_VARIANTS)[number];

/** The bit of each variant in a separator mask. */
export const SEPARATOR_BITS: Readonly<Record<SeparatorVariant, number>> = {
  ANGLE_GS: 1,
  CURLY_GS: 2,
  SQUARE_GS: 4,
  FNC1_TAG: 8,
  CARET: 16,
  SYMBOL: 32,
  TILDE: 64,
  ESCAPED_HEX: 128,
  ESCAPED_UNICODE: 256,
};

/** Every textual variant on: the default. */
export const ALL_SEPARATORS = 511;

/**
 * Not a variant but a state of one scan: the scan holds a real GS (ASCII 29), so `<GS>` and `<FNC1>`,
 * which are made only of characters of GS1 character set 82 and may be data, are read as data.
 */
export const ANGLE_AS_DATA = 512;

/** The mask for one scan: angle-bracket tokens are data when the scan holds a real GS (see ANGLE_AS_DATA). */
export function scanMask(mask: number, s: string, from: number): number {
  return mask & (SEPARATOR_BITS.ANGLE_GS | SEPARATOR_BITS.FNC1_TAG) && s.indexOf('\x1d', from) >= 0 ? mask | ANGLE_AS_DATA : mask;
}

/** A bit mask of the enabled variants (undefined = all). Unknown names are ignored. */
export function separatorMask(variants?: readonly string[]): number {
  if (variants === undefined) return ALL_SEPARATORS;
  let mask = 0;
  for (const v of variants) if (Object.hasOwn(SEPARATOR_BITS, v)) mask |= SEPARATOR_BITS[v as SeparatorVariant];
  return mask;
}

const GS = 29;

function upper(c: number): number {
  return c >= 97 && c <= 122 ? c - 32 : c;
}

/** True when s at i holds `word` (uppercase ASCII), comparing case-insensitively. */
function matchesWord(s: string, i: number, word: string): boolean {
  if (i + word.length > s.length) return false;
  for (let k = 0; k < word.length; k++) if (upper(s.charCodeAt(i + k)) !== word.charCodeAt(k)) return false;
  return true;
}

/** `<GS>` `{GS}` `[GS]` `<FNC1>` ... with the given closing bracket. */
function bracketed(s: string, i: number, close: number, gsBit: number, mask: number): number {
  if (mask & gsBit && matchesWord(s, i + 1, 'GS') && s.charCodeAt(i + 3) === close) return 4;
  if (mask & SEPARATOR_BITS.FNC1_TAG && matchesWord(s, i + 1, 'FNC1') && s.charCodeAt(i + 5) === close) return 6;
  return 0;
}

/** The length of the group-separator token at s[i], or 0 when there is none. */
export function separatorLength(s: string, i: number, mask: number): number {
  const c = s.charCodeAt(i);
  if (c === GS) return 1;
  if (mask === 0 || c < 60) return 0;
  switch (c) {
    case 60: // <
      return mask & ANGLE_AS_DATA ? 0 : bracketed(s, i, 62, SEPARATOR_BITS.ANGLE_GS, mask);
    case 123: // {
      return bracketed(s, i, 125, SEPARATOR_BITS.CURLY_GS, mask);
    case 91: // [
      return bracketed(s, i, 93, SEPARATOR_BITS.SQUARE_GS, mask);
    case 94: // ^
      return mask & SEPARATOR_BITS.CARET && s.charCodeAt(i + 1) === 93 ? 2 : 0;
    case 126: // ~
      return mask & SEPARATOR_BITS.TILDE && s.charCodeAt(i + 1) === 49 ? 2 : 0;
    case 0x241d:
      return mask & SEPARATOR_BITS.SYMBOL ? 1 : 0;
    case 92: // backslash
      if (mask & SEPARATOR_BITS.ESCAPED_HEX && matchesWord(s, i + 1, 'X1D')) return 4;
      if (mask & SEPARATOR_BITS.ESCAPED_UNICODE && matchesWord(s, i + 1, 'U001D')) return 6;
      return 0;
    default:
      return 0;
  }
}

/** The raw string with every enabled separator variant replaced by GS (ASCII 29); `<GS>` stays beside a real GS. */
export function normaliseSeparators(s: string, variants?: readonly SeparatorVariant[]): string {
  const mask = scanMask(separatorMask(variants), s, 0);
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length;) {
    const len = separatorLength(s, i, mask);
    if (len === 0) {
      i++;
      continue;
    }
    out += s.slice(from, i) + '\x1d';
    i += len;
    from = i;
  }
  return from === 0 ? s : out + s.slice(from);
}
