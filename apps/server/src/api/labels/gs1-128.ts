import { aiSpec } from '@pharma/domain';

/**
 * GS1-128 data for Zebra printers: the element string with FNC1 where GS1 needs it, written in ZPL II's
 * ^BC invocation codes (mode N: `>;` start C, `>:` start B, `>5` code C, `>6` code B, `>8` FNC1), so the
 * printer draws exactly the Code 128 symbol GS1 asks for (GS1 General Specifications 5.4: FNC1 in the
 * first position; 7.8.5: FNC1 after an element string whose AI is not of predefined length, unless last).
 */

export interface Gs1Element {
  ai: string;
  value: string;
}

/**
 * The AIs of predefined length by their first two digits (GS1 General Specifications 7.8.5, figure
 * 7.8.5-2) and that length, AI included. Every other element string ends with FNC1 unless it is last.
 */
const PREDEFINED: Record<string, number> = {
  '00': 20, '01': 16, '02': 16, '03': 16, '04': 18, '11': 8, '12': 8, '13': 8, '14': 8, '15': 8, '16': 8, '17': 8, '18': 8, '19': 8,
  '20': 4, '31': 10, '32': 10, '33': 10, '34': 10, '35': 10, '36': 10, '41': 16,
}; // prettier-ignore

export function predefined(e: Gs1Element): boolean {
  return PREDEFINED[e.ai.slice(0, 2)] === e.ai.length + e.value.length;
}

/** GS1 AI encodable character set 82 (GenSpecs figure 7.11-1): what an alphanumeric element string may hold. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/**
 * True when every element string is one a GS1 barcode may carry: a known AI, a value of its length, all
 * digits for a numeric AI, else every character of character set 82. A batch or serial written by the ERP
 * with anything else (a line break, '^', '~') gets no barcode: a barcode of altered data would scan as
 * another batch; the label still shows the value as text (decision 0055).
 */
export function encodable(elements: readonly Gs1Element[]): boolean {
  return elements.every((e) => {
    const spec = aiSpec(e.ai);
    if (!spec || e.value.length < spec.min || e.value.length > spec.max) return false;
    return spec.parts.every((p) => p.cset === 'N') ? /^\d+$/.test(e.value) : CSET82.test(e.value);
  });
}

/** The human-readable interpretation: AIs in parentheses (GS1 General Specifications 4.15). */
export function hri(elements: readonly Gs1Element[]): string {
  return elements.map((e) => `(${e.ai})${e.value}`).join('');
}

/** Code 128 symbol characters as ZPL writes them, and their count without start, check and stop. */
type Token = { zpl: string };

/**
 * The ^FD data of a GS1-128 in ZPL mode N and the number of Code 128 modules the symbol has (for
 * choosing the module width): start code C (or B when the data does not start with two digits), FNC1,
 * digit pairs in code C, and code B from the first character that is not part of a pair to the end.
 * Code B is never left again: a switch back to code C (`>5`) is drawn differently by renderers, and the
 * label's alphanumeric batch comes last anyway.
 */
export function gs1128Zpl(elements: readonly Gs1Element[]): { data: string; modules: number } {
  // The data: characters, and FNC1 (null) between element strings that need it.
  const chars: (string | null | undefined)[] = [];
  elements.forEach((e, i) => {
    chars.push(...(e.ai + e.value));
    if (i < elements.length - 1 && !predefined(e)) chars.push(null);
  });
  const isDigit = (c: string | null | undefined) => c != null && c >= '0' && c <= '9';
  const digitRun = (from: number): number => {
    let n = 0;
    while (isDigit(chars[from + n])) n++;
    return n;
  };
  const out: Token[] = [];
  let set: 'B' | 'C' = digitRun(0) >= 2 ? 'C' : 'B';
  out.push({ zpl: set === 'C' ? '>;' : '>:' }, { zpl: '>8' });
  let i = 0;
  while (i < chars.length) {
    const c = chars[i] ?? '';
    if (chars[i] === null) {
      out.push({ zpl: '>8' });
      i++;
      continue;
    }
    const run = digitRun(i);
    if (set === 'C' && run >= 2) {
      out.push({ zpl: c + String(chars[i + 1]) });
      i += 2;
      continue;
    }
    if (set === 'C') {
      out.push({ zpl: '>6' });
      set = 'B';
    }
    // '>' itself is written '>0' in ZPL's ^BC data.
    out.push({ zpl: c === '>' ? '>0' : c });
    i++;
  }
  // Start code + tokens + check character, 11 modules each, and the 13-module stop pattern.
  const symbols = out.length + 1;
  return { data: out.map((t) => t.zpl).join(''), modules: symbols * 11 + 13 };
}
