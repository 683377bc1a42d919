import { compactCbv } from './cbv.ts';
import { hasValidCheckDigit } from './check-digit.ts';
import { epcDigitalLink } from './event-hash.ts';

/** A GLN in a GS1 Digital Link URI's path: `/414/{gln}`, an extension (`/254/…`) or nothing after it. */
const DIGITAL_LINK_GLN = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/414\/(\d{13})(?:[/?#]|$)/;

/**
 * The GLNs an EPCIS event names as the places its goods go to (decision 0083): the entries of its
 * `destinationList` of CBV type `location` (EPCIS 2.0 section 7.3.5.4; CBV 2.0 section 7.5), each an SGLN
 * EPC URI (EPC Tag Data Standard section 6.3.3) or a GS1 Digital Link URI, the extension of either left
 * aside (a dock of the warehouse is the warehouse). Each once, in the event's order. Parties
 * (`owning_party`, `possessing_party`) name owners, not places, and a malformed URI names nothing: both are
 * left out.
 */
export function destinationGlns(event: Record<string, unknown>): string[] {
  const list = event.destinationList;
  if (!Array.isArray(list)) return [];
  const glns: string[] = [];
  for (const entry of list as unknown[]) {
    if (!entry || typeof entry !== 'object') continue;
    const { type, destination } = entry as Record<string, unknown>;
    if (compactCbv(type) !== 'location' || typeof destination !== 'string') continue;
    const gln = glnOf(destination);
    if (gln && !glns.includes(gln)) glns.push(gln);
  }
  return glns;
}

function glnOf(uri: string): string | null {
  const link = uri.startsWith('urn:') ? epcDigitalLink(uri) : uri;
  const gln = link ? DIGITAL_LINK_GLN.exec(link)?.[1] : undefined;
  return gln && hasValidCheckDigit(gln) ? gln : null;
}
