/**
 * Mandatory associations and invalid pairs of AIs (GS1 General Specifications 4.14, the `req` and
 * `ex` attributes of the GS1 Barcode Syntax Dictionary), checked over every element of one scan.
 *
 * The dictionary notes that the pairings should be evaluated over the combined data of all the GS1
 * carriers on an item; a scan reads one carrier, so it is checked on its own.
 */
import { aiSpec } from './ai-index.ts';
import { fail, showAis, type Element, type Failure } from './result.ts';

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

/**
 * With a digital signature (8030), a key whose serial component is optional (253 GDTI, 255 GCN, 8003
 * GRAI: the primary keys whose format ends in an optional component) must carry it: AI (8030) signs
 * one instance (GSCN 21-307), "instance level simple keys such as AI (253) with optional serial
 * component made mandatory, when encoded with AI (8030)" (dictionary CHANGES, 2023-12-11). The
 * dictionary's `req=...,253,255,8003,...` cannot say it; GS1's Syntax Engine checks it on its own
 * (SERIAL_NOT_PRESENT), as here. It reads values, not only AIs: codes with 8030 stay out of the cache below.
 */
function unserialisedKeyWithDigSig(elements: readonly Element[]): Failure | null {
  if (present(elements, '8030', null) === null) return null;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as Element;
    const spec = aiSpec(element.id);
    if (spec?.dlPrimaryKey && spec.parts.some((p) => p.optional) && element.value.length <= spec.min) {
      return fail('GS1_DIGSIG_NEEDS_SERIAL', { ai: element.id });
    }
  }
  return null;
}

/**
 * The first association broken by the elements, or null: invalid pairs, missing AIs, then 8030's
 * serials. A code with 8030 is never cached: its check reads values, and it is rare on packs.
 */
export function checkAssociations(elements: readonly Element[]): Failure | null {
  const hash = hashIds(elements);
  const known = VALID.get(hash);
  if (known !== undefined && sameIds(known, elements)) return null;
  const failure = findBroken(elements) ?? unserialisedKeyWithDigSig(elements);
  if (failure === null && present(elements, '8030', null) === null) {
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
      if (!met) return fail('GS1_REQUIRED_AI_MISSING', { ai, required: showAis(requirement, '+', ' ') });
    }
  }
  return null;
}
