/**
 * A completed movement as an EPCIS 2.0 ObjectEvent (EPCIS 2.0 section 7.4.2, action OBSERVE): what
 * moved (SSCCs and serialised packs), when (the completion, with the warehouse's UTC offset), where
 * (the warehouse's SGLN), why (the family's CBV business step and disposition) and under which
 * document (a business transaction). Its eventID is the CBV 2.0 event hash ID (decision 0017).
 */
import type { BatchStatus } from '../batches.ts';
import { hasValidCheckDigit } from './check-digit.ts';
import { lgtinUri, sgtinUri, ssccUri } from './epc.ts';
import { eventHashId, eventHashPreimage, utcMillis, type EpcisObjectEvent } from './event-hash.ts';

/** The JSON-LD context EPCIS 2.0 documents name (EPCIS 2.0 section 12.1). */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/** CBV 2.0 business transaction types (section 7.3), as the compact terms of the EPCIS 2.0 context. */
export const BIZ_TRANSACTION_TYPES = [
  'bol',
  'cert',
  'desadv',
  'inv',
  'pedigree',
  'po',
  'poc',
  'prodorder',
  'recadv',
  'rma',
  'testprd',
  'testres',
  'upevt',
] as const;
export type BizTransactionType = (typeof BIZ_TRANSACTION_TYPES)[number];

/**
 * Dispositions after which the objects are at no business location: moving between locations, or gone
 * (CBV 2.0 section 7.2). EPCIS 2.0 section 7.3.4 defines bizLocation as where the objects are until a
 * later event says otherwise, so such events carry a readPoint only.
 */
const NO_LOCATION_AFTER: ReadonlySet<string> = new Set(['in_transit', 'destroyed', 'disposed']);

/** Whether the objects leave the warehouse: a shipping step (a return to its principal is shipping, returned) or a disposition at no location. */
function leaves(cbv: { bizStep: string; disposition: string }): boolean {
  return cbv.bizStep === 'shipping' || NO_LOCATION_AFTER.has(cbv.disposition);
}

/**
 * What a batch's status says of its stock in a warehouse (issue 30, decision 0073), as CBV 2.0 terms: the
 * business step `holding` (section 7.1: an object segregated for further review) and the disposition
 * (section 7.2) `non_sellable_other` while on hold (not sellable pending further evaluation), `recalled`
 * once recalled (non-sellable for public safety reasons), and `sellable_not_accessible` once released
 * (sellable as is, not within a customer's reach: what receiving into the warehouse said of it).
 */
export const BATCH_STATUS_CBV: Readonly<Record<BatchStatus, { bizStep: string; disposition: string }>> = {
  ON_HOLD: { bizStep: 'holding', disposition: 'non_sellable_other' },
  RECALLED: { bizStep: 'holding', disposition: 'recalled' },
  RELEASED: { bizStep: 'holding', disposition: 'sellable_not_accessible' },
};

/** A unit of the movement: an SSCC (pallet, carton) or a GTIN with its serial (pack). */
export interface MovementUnit {
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
}

export interface Movement {
  /** The document the movement completes, named as business transaction; none for a change no document makes (a batch's status, decision 0073). */
  document?: { number: string };
  /** The family's CBV 2.0 terms (packages/domain/src/families/registry.ts). */
  cbv: { bizStep: string; disposition: string; bizTransactionType?: BizTransactionType };
  /** When the movement completed: ISO 8601 with an offset. */
  at: string;
  /** The UTC offset in effect at the warehouse at that moment, '+08:00' (EPCIS 2.0 section 7.3.2). */
  timeZoneOffset: string;
  /** The warehouse's GLN-13; without one the event has no readPoint, bizLocation or business transaction. */
  gln: string | null;
  /**
   * The GLN-13 of the warehouse the movement goes to, when the document names one (a transfer's destination
   * plant): the event then carries the source and destination locations (EPCIS 2.0 section 7.3.5.4,
   * CBV 2.0 section 7.5 'location').
   */
  destinationGln?: string | null;
  units: readonly MovementUnit[];
  /** Counted stock the movement took (a ScanLite document, decision 0027): packs per GTIN and lot. */
  quantities?: readonly { gtin: string; lot: string; quantity: number }[];
  /** Digits of the GS1 company prefix in the GTINs, SSCCs and GLN (EPC Tag Data Standard section 6); the demo uses 7. */
  companyPrefixLength?: number;
}

export type MovementEventError = 'NO_UNITS' | 'BAD_TIME' | 'BAD_OFFSET' | 'BAD_GLN' | 'BAD_PREFIX_LENGTH' | 'UNHASHABLE';

const isGln = (gln: string) => /^\d{13}$/.test(gln) && hasValidCheckDigit(gln);

/**
 * The ObjectEvent of a movement. Units with no GS1 key (a bundle or a non-GS1 pack) are left out; a
 * movement with none answers NO_UNITS. `sha256Hex` digests the event hash pre-image (UTF-8, lower-case hex).
 */
export function movementEvent(
  m: Movement,
  sha256Hex: (text: string) => string,
): { ok: true; event: EpcisObjectEvent } | { ok: false; error: MovementEventError } {
  const prefix = m.companyPrefixLength ?? 7;
  if (!Number.isInteger(prefix) || prefix < 6 || prefix > 12) return { ok: false, error: 'BAD_PREFIX_LENGTH' };
  const eventTime = utcMillis(m.at);
  if (!eventTime) return { ok: false, error: 'BAD_TIME' };
  if (!/^[+-](0\d|1[0-4]):[0-5]\d$/.test(m.timeZoneOffset)) return { ok: false, error: 'BAD_OFFSET' };
  if (m.gln !== null && !isGln(m.gln)) return { ok: false, error: 'BAD_GLN' };
  if (m.destinationGln != null && !isGln(m.destinationGln)) return { ok: false, error: 'BAD_GLN' };

  const epcList = movedEpcs(m.units, prefix);
  const quantityList = (m.quantities ?? [])
    .filter((q) => q.quantity > 0 && /^\d{14}$/.test(q.gtin) && hasValidCheckDigit(q.gtin))
    .map((q) => ({ epcClass: lgtinUri(q.gtin, q.lot, prefix), quantity: q.quantity }))
    .sort((a, b) => (a.epcClass < b.epcClass ? -1 : a.epcClass > b.epcClass ? 1 : 0));
  if (epcList.length === 0 && quantityList.length === 0) return { ok: false, error: 'NO_UNITS' };
  const event: EpcisObjectEvent = {
    type: 'ObjectEvent',
    eventTime,
    eventTimeZoneOffset: m.timeZoneOffset,
    epcList,
    ...(quantityList.length > 0 ? { quantityList } : {}),
    action: 'OBSERVE',
    bizStep: m.cbv.bizStep,
    disposition: m.cbv.disposition,
  };
  if (m.gln !== null) {
    const place = sglnUri(m.gln, prefix);
    event.readPoint = { id: place };
    if (!leaves(m.cbv)) event.bizLocation = { id: place };
    if (m.document) {
      const bizTransaction = `urn:epcglobal:cbv:bt:${m.gln}:${m.document.number}`;
      event.bizTransactionList = [m.cbv.bizTransactionType ? { type: m.cbv.bizTransactionType, bizTransaction } : { bizTransaction }];
    }
  }
  if (m.destinationGln != null) {
    // A movement to a named warehouse (a transfer): from this warehouse's location, to the destination's.
    if (m.gln !== null) event.sourceList = [{ type: 'location', source: sglnUri(m.gln, prefix) }];
    event.destinationList = [{ type: 'location', destination: sglnUri(m.destinationGln, prefix) }];
  }
  const preimage = eventHashPreimage(event);
  // Every field above is one the hash covers: a change that adds another fails here, not in an integrator's check.
  if (preimage === null) return { ok: false, error: 'UNHASHABLE' };
  const { type, ...rest } = event;
  return { ok: true, event: { type, eventID: eventHashId(preimage, sha256Hex), ...rest } };
}

/** SSCCs first, then packs; each once, sorted. Keys that fail their check digit are not GS1 keys and are left out. */
function movedEpcs(units: readonly MovementUnit[], prefix: number): string[] {
  const ssccs = new Set<string>();
  const packs = new Set<string>();
  for (const u of units) {
    if (u.sscc !== null && /^\d{18}$/.test(u.sscc) && hasValidCheckDigit(u.sscc)) ssccs.add(ssccUri(u.sscc, prefix));
    else if (u.gtin !== null && u.serial && /^\d{14}$/.test(u.gtin) && hasValidCheckDigit(u.gtin))
      packs.add(sgtinUri(u.gtin, u.serial, prefix));
  }
  return [...[...ssccs].sort(), ...[...packs].sort()];
}

/** The SGLN EPC URI of a GLN with no extension (EPC Tag Data Standard section 6.3.3): `urn:epc:id:sgln:{prefix}.{locationRef}.0`. */
export function sglnUri(gln: string, companyPrefixLength = 7): string {
  return `urn:epc:id:sgln:${gln.slice(0, companyPrefixLength)}.${gln.slice(companyPrefixLength, 12)}.0`;
}
