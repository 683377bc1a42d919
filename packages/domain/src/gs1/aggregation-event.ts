/**
 * Repacking as EPCIS 2.0 AggregationEvents (EPCIS 2.0 section 7.4.3; decision 0048): units put on a
 * pallet or carton (ADD, CBV 2.0 bizStep packing) or taken off it (DELETE, unpacking), the parent
 * named by its SSCC, at the warehouse's SGLN as the other events of that warehouse, the eventID the
 * CBV 2.0 event hash (section 8.9).
 */
import { hasValidCheckDigit } from './check-digit.ts';
import { sgtinUri, ssccUri } from './epc.ts';
import { sglnUri, type MovementUnit } from './epcis-event.ts';
import { eventHashId, eventHashPreimage, utcMillis, type EpcisAggregationEvent } from './event-hash.ts';

/** A unit moved by a repack: where it stood before the first move and where it stands after the last. */
export interface RepackedUnit extends MovementUnit {
  /** SSCC of its parent before, or null when it stood on its own. */
  from: string | null;
  /** SSCC of its parent after, or null. */
  to: string | null;
}

export interface Aggregations {
  units: readonly RepackedUnit[];
  /** CBV 2.0 business steps: packing for ADD, unpacking for DELETE (the family's `aggregates`). */
  bizSteps: { add: string; remove: string };
  at: string;
  timeZoneOffset: string;
  gln: string | null;
  /** The repack's number, named as an (untyped) business transaction when the warehouse has a GLN. */
  documentNumber?: string;
  companyPrefixLength?: number;
}

const isSscc = (s: string | null): s is string => s !== null && /^\d{18}$/.test(s) && hasValidCheckDigit(s);

/**
 * The AggregationEvents of a repack's net moves: per parent, one DELETE of the units taken off it and one
 * ADD of the units put on it (DELETEs first); a unit back where it started gives none. Units without a GS1
 * key and parents without a valid SSCC are left out. Throws on a time, offset or GLN that is not one.
 */
export function aggregationEvents(a: Aggregations, sha256Hex: (text: string) => string): EpcisAggregationEvent[] {
  const prefix = a.companyPrefixLength ?? 7;
  const eventTime = utcMillis(a.at);
  if (!eventTime) throw new Error(`aggregationEvents: bad time ${a.at}`);
  if (!/^[+-](0\d|1[0-4]):[0-5]\d$/.test(a.timeZoneOffset)) throw new Error(`aggregationEvents: bad offset ${a.timeZoneOffset}`);
  if (a.gln !== null && !(/^\d{13}$/.test(a.gln) && hasValidCheckDigit(a.gln))) throw new Error(`aggregationEvents: bad GLN ${a.gln}`);
  const groups = new Map<string, { action: 'ADD' | 'DELETE'; parent: string; children: Set<string> }>();
  const add = (action: 'ADD' | 'DELETE', parent: string, child: string) => {
    const key = `${action === 'DELETE' ? 0 : 1} ${parent}`;
    const group = groups.get(key) ?? { action, parent, children: new Set<string>() };
    group.children.add(child);
    groups.set(key, group);
  };
  for (const u of a.units) {
    if (u.from === u.to) continue;
    const epc = epcOf(u, prefix);
    if (!epc) continue;
    if (isSscc(u.from)) add('DELETE', u.from, epc);
    if (isSscc(u.to)) add('ADD', u.to, epc);
  }
  const place = a.gln === null ? undefined : { id: sglnUri(a.gln, prefix) };
  return [...groups.entries()]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([, g]) => {
      const event: EpcisAggregationEvent = {
        type: 'AggregationEvent',
        eventTime,
        eventTimeZoneOffset: a.timeZoneOffset,
        parentID: ssccUri(g.parent, prefix),
        childEPCs: [...g.children].sort(),
        action: g.action,
        bizStep: g.action === 'ADD' ? a.bizSteps.add : a.bizSteps.remove,
      };
      if (place) {
        event.readPoint = place;
        event.bizLocation = place;
        if (a.documentNumber) event.bizTransactionList = [{ bizTransaction: `urn:epcglobal:cbv:bt:${a.gln}:${a.documentNumber}` }];
      }
      const preimage = eventHashPreimage(event);
      if (preimage === null) throw new Error(`aggregationEvents: no event hash for ${g.action} on ${g.parent}`);
      const { type, ...rest } = event;
      return { type, eventID: eventHashId(preimage, sha256Hex), ...rest };
    });
}

function epcOf(u: MovementUnit, prefix: number): string | null {
  if (isSscc(u.sscc)) return ssccUri(u.sscc, prefix);
  if (u.gtin !== null && u.serial && /^\d{14}$/.test(u.gtin) && hasValidCheckDigit(u.gtin)) return sgtinUri(u.gtin, u.serial, prefix);
  return null;
}
