/**
 * GS1 element strings (GenSpecs 3 and 7.8): AI + value, repeated; a variable-length value, or a value
 * of an AI outside the predefined-length table, ends at a group separator or at the end of the data.
 * Also the human-readable form `(01)09506000134352(17)271231(10)ABC` (GenSpecs 4.15).
 *
 * Both readers append to `out` and answer null on success or the first failure. They work by index on
 * the scanned string; only the values are copied.
 */
import { AI_LENGTH_BY_PREFIX, aiSpec, specBySlot, type AiSpec } from './ai-index.ts';
import { checkAiValue } from './ai-value.ts';
import { fail, type Element, type Failure } from './result.ts';
import { separatorLength } from './separators.ts';

function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
}

function unknownAi(s: string, p: number, to: number): Failure {
  return fail('GS1_UNKNOWN_AI', { ai: s.slice(p, Math.min(p + 4, to)), position: p + 1 });
}

/**
 * Appends an element; the same AI twice is allowed only with the same value (GenSpecs 4.14:
 * a repeated AI with a different value is an error), and then kept once.
 */
export function addElement(out: Element[], ai: string, value: string): Failure | null {
  for (let i = 0; i < out.length; i++) {
    const e = out[i] as Element;
    if (e.id === ai) return e.value === value ? null : fail('GS1_DUPLICATE_AI', { ai });
  }
  out.push({ id: ai, value });
  return null;
}

/** The AI at s[p] (by its two-digit prefix and the table) or undefined. */
function readAi(s: string, p: number, to: number): AiSpec | undefined {
  const d1 = digit(s, p);
  const d2 = digit(s, p + 1);
  if (d1 < 0 || d2 < 0 || p + 1 >= to) return undefined;
  const length = AI_LENGTH_BY_PREFIX[d1 * 10 + d2] ?? 0;
  if (length === 0 || p + length > to) return undefined;
  let code = d1 * 10 + d2;
  for (let i = p + 2; i < p + length; i++) {
    const d = digit(s, i);
    if (d < 0) return undefined;
    code = code * 10 + d;
  }
  return specBySlot(length, code);
}

/** The end of a run of data from `from`: the first separator, or `to`. */
function runEnd(s: string, from: number, to: number, mask: number): number {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    // Digits, upper-case letters and most of set 82 can never open a separator token.
    if ((c < 60 && c !== 29) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) continue;
    if (separatorLength(s, i, mask) > 0) return i;
  }
  return to;
}

/** Reads the element string s[from, to). `year`: the current year; `mask`: enabled separator variants. */
export function readElementString(s: string, from: number, to: number, year: number, mask: number, out: Element[]): Failure | null {
  let p = from;
  while (p < to) {
    const sep = separatorLength(s, p, mask);
    if (sep > 0) {
      p += sep;
      continue;
    }
    const spec = readAi(s, p, to);
    if (spec === undefined) return unknownAi(s, p, to);
    const vs = p + spec.ai.length;
    let ve: number;
    if (spec.fixed) {
      ve = vs + spec.max;
      const run = runEnd(s, vs, Math.min(ve, to), mask);
      if (run < ve) return fail('GS1_VALUE_TOO_SHORT', { ai: spec.ai, min: spec.max, length: run - vs });
      if (!spec.predefined && ve < to && separatorLength(s, ve, mask) === 0) {
        return fail('GS1_MISSING_SEPARATOR', { ai: spec.ai, position: ve + 1 });
      }
    } else {
      ve = runEnd(s, vs, to, mask);
    }
    const failure = checkAiValue(spec, s, vs, ve, year, vs + 1) ?? addElement(out, spec.ai, s.slice(vs, ve));
    if (failure !== null) return failure;
    p = ve;
  }
  return null;
}

/** The AI of a human-readable `(NN)` ... `(NNNN)` at s[p], or undefined. */
function hriAiAt(s: string, p: number, to: number): AiSpec | undefined {
  if (s.charCodeAt(p) !== 40) return undefined;
  for (let q = p + 3; q <= p + 5 && q < to; q++) {
    if (s.charCodeAt(q) === 41) {
      for (let i = p + 1; i < q; i++) if (digit(s, i) < 0) return undefined;
      return aiSpec(s.slice(p + 1, q));
    }
  }
  return undefined;
}

/** Reads the human-readable form s[from, to) with each AI in parentheses. */
export function readHumanReadable(s: string, from: number, to: number, year: number, mask: number, out: Element[]): Failure | null {
  let p = from;
  while (p < to) {
    const sep = separatorLength(s, p, mask);
    if (sep > 0) {
      p += sep;
      continue;
    }
    const spec = hriAiAt(s, p, to);
    if (spec === undefined) return unknownAi(s, p, to);
    const vs = p + spec.ai.length + 2;
    let ve = vs;
    while (ve < to && separatorLength(s, ve, mask) === 0 && hriAiAt(s, ve, to) === undefined) ve++;
    const failure = checkAiValue(spec, s, vs, ve, year, vs + 1) ?? addElement(out, spec.ai, s.slice(vs, ve));
    if (failure !== null) return failure;
    p = ve;
  }
  return null;
}
