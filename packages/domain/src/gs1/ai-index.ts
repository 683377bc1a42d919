/**
 * Compiles the AI table (ai-table.ts) once, at module load, into lookup structures for the decoders:
 * the AI length by its first two digits, and each AI's specification by its numeric code.
 */
import { AI_ROWS, DL_SHORT_NAMES } from './ai-table.ts';

/** N digits, X GS1 character set 82, Y character set 39, Z character set 64 (base64url). */
export type Cset = 'N' | 'X' | 'Y' | 'Z';

/**
 * Content checks (the dictionary's linters) this package applies to a component; `cset64` stands for
 * the padding rule of character set 64, applied to every Z component.
 */
export type Check =
  | 'csum'
  | 'csumalpha'
  | 'gcppos1'
  | 'gcppos2'
  | 'yymmd0'
  | 'yymmdd'
  | 'yyyymmdd'
  | 'yyyymmd0'
  | 'hhmi'
  | 'hh'
  | 'mi'
  | 'ss'
  | 'pieceoftotal'
  | 'zero'
  | 'nonzero'
  | 'winding'
  | 'yesno'
  | 'hyphen'
  | 'nozeroprefix'
  | 'hasnondigit'
  | 'iso5218'
  | 'latitude'
  | 'longitude'
  | 'pcenc'
  | 'mediatype'
  | 'importeridx'
  | 'posinseqslash'
  | 'iso3166'
  | 'iso3166999'
  | 'iso3166alpha2'
  | 'iso4217'
  | 'iban'
  | 'packagetype'
  | 'couponcode'
  | 'couponposoffer'
  | 'cset64';

/**
 * A mandatory association (`req=`): one of the alternatives must be present; an alternative is one
 * AI pattern or several joined by '+' (all of them). Patterns are AIs where 'n' stands for any digit.
 */
export type Requirement = readonly (readonly string[])[];

export interface AiPart {
  readonly cset: Cset;
  readonly min: number;
  readonly max: number;
  readonly optional: boolean;
  readonly checks: readonly Check[];
}

export interface AiSpec {
  readonly ai: string;
  /** Predefined length (GenSpecs Figure 7.8.5-2): no separator is needed after it. */
  readonly predefined: boolean;
  /** Every component has a fixed length and none is optional: the value length is `max`. */
  readonly fixed: boolean;
  readonly min: number;
  readonly max: number;
  readonly parts: readonly AiPart[];
  /** True for a single N component with no check: validated by a digit scan only. */
  readonly simpleNumeric: boolean;
  /** True for a single X component with no check. */
  readonly simpleCset82: boolean;
  /** True for a single N component whose only check is the check digit (GTIN, SSCC, GLN ...). */
  readonly numericWithCheckDigit: boolean;
  readonly dlPrimaryKey: boolean;
  /** Digital Link: the ordered qualifier sequences allowed after this primary key (`dlpkey=22,10,21|235`). */
  readonly dlQualifiers: readonly (readonly string[])[];
  /** Digital Link: allowed as a data attribute in the query string (flag '?'). */
  readonly dlAttribute: boolean;
  /** Mandatory associations (GenSpecs 4.14.2), each to be met. */
  readonly req: readonly Requirement[];
  /** Invalid pairs (GenSpecs 4.14.1): AI patterns that may not appear with this AI. */
  readonly ex: readonly string[];
}

function parsePart(text: string): AiPart {
  const optional = text.startsWith('[');
  const [typeAndLength = '', ...linters] = text.replace('[', '').replace(']', '').split(',');
  const cset = typeAndLength.charAt(0) as Cset;
  const variable = typeAndLength.startsWith('..', 1);
  const length = Number(typeAndLength.slice(variable ? 3 : 1));
  // The table names only linters this package applies (see Check). A GS1 Company Prefix in an
  // all-digit component is always digits: gcppos1 / gcppos2 need no work there.
  const checks = linters.filter((l) => !(cset === 'N' && l.startsWith('gcppos'))) as Check[];
  if (cset === 'Z') checks.push('cset64');
  return { cset, min: variable ? 1 : length, max: length, optional, checks };
}

function attribute(attributes: readonly string[], key: string): string[] {
  return attributes.filter((a) => a === key || a.startsWith(key + '=')).map((a) => a.slice(key.length + 1));
}

function compile(ai: string, flags: string, spec: string, attributeText: string): AiSpec {
  const attributes = attributeText.split(' ');
  const [dlpkey] = attribute(attributes, 'dlpkey');
  const parts = spec.split(' ').map(parsePart);
  const only = parts.length === 1 ? parts[0] : undefined;
  // The checks of a single component: '' none, 'csum' the check digit only.
  const onlyChecks = only?.checks.join();
  return {
    ai,
    predefined: flags.includes('*'),
    fixed: parts.every((p) => p.min === p.max && !p.optional),
    min: parts.reduce((sum, p) => sum + (p.optional ? 0 : p.min), 0),
    max: parts.reduce((sum, p) => sum + p.max, 0),
    parts,
    simpleNumeric: only?.cset === 'N' && onlyChecks === '',
    simpleCset82: only?.cset === 'X' && onlyChecks === '',
    numericWithCheckDigit: only?.cset === 'N' && onlyChecks === 'csum',
    dlPrimaryKey: dlpkey !== undefined,
    dlQualifiers: dlpkey ? dlpkey.split('|').map((q) => q.split(',')) : [],
    dlAttribute: flags.includes('?'),
    req: attribute(attributes, 'req').map((r) => r.split(',').map((alt) => alt.split('+'))),
    ex: attribute(attributes, 'ex').flatMap((e) => e.split(',')),
  };
}

function expand(ais: string): string[] {
  const [from = '', to] = ais.split('-');
  if (to === undefined) return [from];
  const out: string[] = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n).padStart(from.length, '0'));
  return out;
}

/** Slot of an AI in SPEC_BY_SLOT: 2-digit AIs at 0-99, 3-digit at 100-1099, 4-digit at 1100-11099. */
export function aiSlot(length: number, code: number): number {
  return length === 2 ? code : length === 3 ? 100 + code : 1100 + code;
}

const SPEC_BY_SLOT: (AiSpec | undefined)[] = new Array<AiSpec | undefined>(11100).fill(undefined);
/** AI length by its first two digits (0 = no AI starts so). GenSpecs Figure 3.2-1 ordering. */
export const AI_LENGTH_BY_PREFIX = new Uint8Array(100);
const SPEC_BY_AI = new Map<string, AiSpec>();

for (const [ais, flags, spec, attributes] of AI_ROWS) {
  for (const ai of expand(ais)) {
    const compiled = compile(ai, flags, spec, attributes);
    SPEC_BY_SLOT[aiSlot(ai.length, Number(ai))] = compiled;
    SPEC_BY_AI.set(ai, compiled);
    AI_LENGTH_BY_PREFIX[Number(ai.slice(0, 2))] = ai.length;
  }
}

/** The specification of an AI by its length and numeric code, or undefined. */
export function specBySlot(length: number, code: number): AiSpec | undefined {
  return SPEC_BY_SLOT[aiSlot(length, code)];
}

/** The specification of an AI written as a string ('01', '3103'), or undefined. */
export function aiSpec(ai: string): AiSpec | undefined {
  return SPEC_BY_AI.get(ai);
}

/** Every AI the table knows, in table order. */
export function knownAis(): string[] {
  return [...SPEC_BY_AI.keys()];
}

/** The numeric AI for a Digital Link key: the AI itself or its 1.x short name. */
export function dlKeyToAi(key: string): string | undefined {
  if (SPEC_BY_AI.has(key)) return key;
  return Object.hasOwn(DL_SHORT_NAMES, key) ? DL_SHORT_NAMES[key] : undefined;
}
