/**
 * Mandatory associations and invalid pairs of AIs (GS1 General Specifications 4.14, the `req` and
 * `ex` attributes of the GS1 Barcode Syntax Dictionary), checked over every element of one scan.
 *
 * The dictionary notes that the pairings should be evaluated over the combined data of all the GS1
 * carriers on an item; a scan reads one carrier, so it is checked on its own.
 */
import { aiSpec } from './ai-index.ts';
import { fail, type Element, type Failure } from './result.ts';

/** True when the AI matches the pattern ('310n': 'n' is any digit). */
function matches(ai: string, pattern: string): boolean {
  if (ai.length !== pattern.length) return false;
  for (let i = 0; i < ai.length; i++) {
    const p = pattern.charCodeAt(i);
    if (p !== ai.charCodeAt(i) && p !== 110) return false;
  }
  return true;
}

/** The first AI of the elements matching the pattern (other than `except`), or null. */
function present(elements: readonly Element[], pattern: string, except: string | null): string | null {
  for (let i = 0; i < elements.length; i++) {
    const id = (elements[i] as Element).id;
    if (id !== except && matches(id, pattern)) return id;
  }
  return null;
}

/** The alternatives as AIs, with no words (the text is the catalogue's): '(01) (02)+(21)'. */
function showAlternatives(requirement: readonly (readonly string[])[]): string {
  return requirement.map((alt) => alt.map((ai) => `(${ai})`).join('+')).join(' ');
}

/**
 * AI sequences already found valid ('01' '17' '10' '21' ...), by a hash of the AIs: the rules read only
 * which AIs are present, and a warehouse sees few combinations, so the hot path is one lookup and a
 * comparison of the AIs (no allocation). Bounded.
 */
const VALID = new Map<number, readonly string[]>();
const VALID_MAX = 512;

function hashIds(elements: readonly Element[]): number {
  let h = elements.length;
  for (let i = 0; i < elements.length; i++) {
    const id = (elements[i] as Element).id;
    for (let k = 0; k < id.length; k++) h = (Math.imul(h, 31) + id.charCodeAt(k)) | 0;
    h = (Math.imul(h, 31) + 32) | 0;
  }
  return h;
}

function sameIds(ids: readonly string[], elements: readonly Element[]): boolean {
  if (ids.length !== elements.length) return false;
  for (let i = 0; i < ids.length; i++) if (ids[i] !== (elements[i] as Element).id) return false;
  return true;
}

/** The first association broken by the elements, or null: invalid pairs first, then missing AIs. */
export function checkAssociations(elements: readonly Element[]): Failure | null {
  const hash = hashIds(elements);
  const known = VALID.get(hash);
  if (known !== undefined && sameIds(known, elements)) return null;
  const failure = findBroken(elements);
  if (failure === null) {
    if (VALID.size >= VALID_MAX) VALID.clear();
    VALID.set(
      hash,
      elements.map((e) => e.id),
    );
  }
  return failure;
}

function findBroken(elements: readonly Element[]): Failure | null {
  for (let i = 0; i < elements.length; i++) {
    const ai = (elements[i] as Element).id;
    for (const other of aiSpec(ai)?.ex ?? []) {
      const found = present(elements, other, ai);
      if (found !== null) return fail('GS1_INVALID_AI_PAIR', { ai, other: found });
    }
  }
  for (let i = 0; i < elements.length; i++) {
    const ai = (elements[i] as Element).id;
    for (const requirement of aiSpec(ai)?.req ?? []) {
      let met = false;
      for (let a = 0; a < requirement.length && !met; a++) {
        const alternative = requirement[a] as readonly string[];
        met = true;
        for (let k = 0; k < alternative.length && met; k++) met = present(elements, alternative[k] as string, null) !== null;
      }
      if (!met) return fail('GS1_REQUIRED_AI_MISSING', { ai, required: showAlternatives(requirement) });
    }
  }
  return null;
}
