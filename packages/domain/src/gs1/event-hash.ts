/**
 * The EPCIS event hash ID (CBV 2.0 section 8.9; the algorithm and test vectors of GS1's reference
 * implementation, github.com/RalphTro/epcis-event-hash-generator): the event's fields in the canonical
 * property order, concatenated into a pre-hash string with identifiers as canonical GS1 Digital Link
 * URIs, CBV terms as GS1 Web URIs and times in UTC with milliseconds; its SHA-256 embedded as
 * `ni:///sha-256;<hex>?ver=CBV2.0` (RFC 6920).
 *
 * Covered: the ObjectEvents this product writes (SGTIN and SSCC EPCs, action, bizStep, disposition,
 * SGLN readPoint and bizLocation, business transactions). Anything else answers null rather than a
 * hash another implementation would not reproduce. The digest is passed in: the domain has no crypto.
 */
import { withCheckDigit } from './check-digit.ts';
import { encodeDigitalLinkValue } from './digital-link.ts';

/** An EPCIS 2.0 ObjectEvent in JSON-LD with compact CBV terms (EPCIS 2.0 section 7.4.2). */
export interface EpcisObjectEvent {
  type: 'ObjectEvent';
  eventID?: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  epcList: string[];
  /** EPCIS 2.0 section 7.3.3: counted objects by class (LGTIN), for stock that is not serialised. */
  quantityList?: { epcClass: string; quantity: number }[];
  action: 'OBSERVE' | 'ADD' | 'DELETE';
  bizStep?: string;
  disposition?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: { type?: string; bizTransaction: string }[];
  /** EPCIS 2.0 section 7.3.5.4: where the movement comes from and goes to, each with its CBV 2.0 section 7.5 type. */
  sourceList?: { type: string; source: string }[];
  destinationList?: { type: string; destination: string }[];
}

/**
 * An EPCIS 2.0 AggregationEvent (EPCIS 2.0 section 7.4.3): `childEPCs` put on (ADD) or taken off (DELETE)
 * the `parentID` (a pallet's or carton's SSCC). Repacking (decision 0048).
 */
export interface EpcisAggregationEvent {
  type: 'AggregationEvent';
  eventID?: string;
  eventTime: string;
  eventTimeZoneOffset: string;
  parentID: string;
  childEPCs: string[];
  action: 'ADD' | 'DELETE';
  bizStep?: string;
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: { type?: string; bizTransaction: string }[];
}

const HASHED = new Set([
  'type',
  'eventID',
  'eventTime',
  'eventTimeZoneOffset',
  'epcList',
  'parentID',
  'childEPCs',
  'action',
  'bizStep',
  'disposition',
]);
const WITH_ID = new Set(['quantityList', 'readPoint', 'bizLocation', 'bizTransactionList', 'sourceList', 'destinationList']);
const CBV_WEB = 'https://ref.gs1.org/cbv/';
/** A compact CBV term: what the EPCIS 2.0 JSON-LD context defines (no URN, no URL). */
const TERM = /^[a-z][a-z_]*$/;

/** The pre-hash string of an event (CBV 2.0 section 8.9.2), or null when the event is outside what is covered. */
export function eventHashPreimage(event: EpcisObjectEvent | EpcisAggregationEvent): string | null {
  if (event.type !== 'ObjectEvent' && event.type !== 'AggregationEvent') return null;
  if (Object.keys(event).some((k) => !HASHED.has(k) && !WITH_ID.has(k))) return null;
  const time = utcMillis(event.eventTime);
  if (!time || !/^[+-]\d{2}:\d{2}$/.test(event.eventTimeZoneOffset)) return null;
  const parts = [`eventType=${event.type}`, `eventTime=${time}`, `eventTimeZoneOffset=${event.eventTimeZoneOffset}`];

  // The canonical order (CBV 2.0 section 8.9.2): epcList, parentID, childEPCs, quantityList, ...
  const epcs = ('epcList' in event ? event.epcList : []).map(epcDigitalLink);
  if (epcs.some((e) => e === null)) return null;
  if (epcs.length > 0) parts.push('epcList', ...sorted(epcs.map((e) => `epc=${e}`)));
  if ('parentID' in event) {
    const parent = epcDigitalLink(event.parentID);
    const children = event.childEPCs.map(epcDigitalLink);
    if (parent === null || children.some((e) => e === null)) return null;
    parts.push(`parentID=${parent}`);
    if (children.length > 0) parts.push('childEPCs', ...sorted(children.map((e) => `epc=${e}`)));
  }
  const quantities = ('quantityList' in event ? event.quantityList : undefined) ?? [];
  if (quantities.length > 0) {
    const items: string[] = [];
    for (const q of quantities) {
      const epcClass = epcDigitalLink(q.epcClass);
      if (!epcClass || !Number.isSafeInteger(q.quantity) || q.quantity < 0) return null;
      items.push(`quantityElementepcClass=${epcClass}quantity=${q.quantity}`);
    }
    parts.push('quantityList', ...sorted(items));
  }
  parts.push(`action=${event.action}`);
  for (const [key, kind] of [
    ['bizStep', 'BizStep'],
    ['disposition', 'Disp'],
  ] as const) {
    const term = key in event ? (event as EpcisObjectEvent)[key] : undefined;
    if (term === undefined) continue;
    if (!TERM.test(term)) return null;
    parts.push(`${key}=${CBV_WEB}${kind}-${term}`);
  }
  for (const key of ['readPoint', 'bizLocation'] as const) {
    const place = event[key];
    if (place === undefined) continue;
    const id = epcDigitalLink(place.id);
    if (!id) return null;
    parts.push(key, `id=${id}`);
  }
  const transactions = event.bizTransactionList ?? [];
  if (transactions.length > 0) {
    const items: string[] = [];
    for (const bt of transactions) {
      if (bt.type !== undefined && !TERM.test(bt.type)) return null;
      // The type follows its identifier, then the items are sorted (rule 13).
      items.push(`bizTransaction=${bt.bizTransaction.trim()}${bt.type === undefined ? '' : `type=${CBV_WEB}BTT-${bt.type}`}`);
    }
    parts.push('bizTransactionList', ...sorted(items));
  }
  // Sources, then destinations (CBV 2.0 section 8.9.2's order): each identifier as a Digital Link, then its SDT type.
  for (const [list, key] of [
    [('sourceList' in event ? event.sourceList : undefined)?.map((x) => ({ type: x.type, id: x.source })), 'source'],
    [('destinationList' in event ? event.destinationList : undefined)?.map((x) => ({ type: x.type, id: x.destination })), 'destination'],
  ] as const) {
    if (!list || list.length === 0) continue;
    const items: string[] = [];
    for (const x of list) {
      const id = epcDigitalLink(x.id);
      if (!id || !TERM.test(x.type)) return null;
      items.push(`${key}=${id}type=${CBV_WEB}SDT-${x.type}`);
    }
    parts.push(`${key}List`, ...sorted(items));
  }
  return parts.join('');
}

/** The event hash ID of a pre-hash string: `sha256Hex` is SHA-256 of its UTF-8 bytes, as lower-case hex. */
export function eventHashId(preimage: string, sha256Hex: (text: string) => string): string {
  return `ni:///sha-256;${sha256Hex(preimage)}?ver=CBV2.0`;
}

/** Case-sensitive order by UTF-16 code units: the same as by code points for the ASCII these strings hold. */
function sorted(values: string[]): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An xsd:dateTimeStamp as UTC with milliseconds (`2026-11-20T02:30:00.000Z`), the 4th decimal rounding
 * the 3rd half up (CBV 2.0 section 8.9.2, rules 8 and 9); null for anything else, an impossible date included.
 */
export function utcMillis(value: string): string | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const fraction = m[7] ?? '';
  const zone = m[8]!;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  if (d < 1 || d > daysInMonth || h > 23 || mi > 59 || s > 59) return null;
  const offsetMinutes = zone === 'Z' ? 0 : (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  if (Math.abs(offsetMinutes) > 14 * 60) return null;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3)) + (Number(fraction[3] ?? '0') >= 5 ? 1 : 0);
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, millis - offsetMinutes * 60_000);
  return date.toISOString();
}

const SGTIN = /^urn:epc:id:sgtin:(\d{6,12})\.(\d{1,7})\.(.{1,60})$/;
const LGTIN = /^urn:epc:class:lgtin:(\d{6,12})\.(\d{1,7})\.(.{1,60})$/;
const SSCC = /^urn:epc:id:sscc:(\d{6,12})\.(\d{5,11})$/;
const SGLN = /^urn:epc:id:sgln:(\d{6,12})\.(\d{0,6})\.(.{1,60})$/;

/**
 * The canonical GS1 Digital Link URI of an SGTIN, SSCC or SGLN EPC URI (GS1 Digital Link 1.2 section 4.11;
 * EPC Tag Data Standard section 6): `https://id.gs1.org/01/{gtin}/21/{serial}`, `/00/{sscc}`,
 * `/414/{gln}` (with `/254/{extension}` unless the extension is 0). Null for anything else.
 */
export function epcDigitalLink(uri: string): string | null {
  let m = SGTIN.exec(uri);
  if (m) {
    const [, company, itemRef, serial] = m as unknown as [string, string, string, string];
    const raw = percentDecoded(serial);
    if (company.length + itemRef.length !== 13 || raw === null || raw.length > 20) return null;
    return `https://id.gs1.org/01/${withCheckDigit(itemRef[0] + company + itemRef.slice(1))}/21/${encodeDigitalLinkValue(raw)}`;
  }
  m = LGTIN.exec(uri);
  if (m) {
    const [, company, itemRef, lot] = m as unknown as [string, string, string, string];
    const raw = percentDecoded(lot);
    if (company.length + itemRef.length !== 13 || raw === null || raw.length > 20) return null;
    return `https://id.gs1.org/01/${withCheckDigit(itemRef[0] + company + itemRef.slice(1))}/10/${encodeDigitalLinkValue(raw)}`;
  }
  m = SSCC.exec(uri);
  if (m) {
    const [, company, serialRef] = m as unknown as [string, string, string];
    if (company.length + serialRef.length !== 17) return null;
    return `https://id.gs1.org/00/${withCheckDigit(serialRef[0] + company + serialRef.slice(1))}`;
  }
  m = SGLN.exec(uri);
  if (m) {
    const [, company, locationRef, extension] = m as unknown as [string, string, string, string];
    const raw = percentDecoded(extension);
    if (company.length + locationRef.length !== 12 || raw === null) return null;
    return `https://id.gs1.org/414/${withCheckDigit(company + locationRef)}${raw === '0' ? '' : `/254/${encodeDigitalLinkValue(raw)}`}`;
  }
  return null;
}

function percentDecoded(value: string): string | null {
  // Most serials hold no escape: the same text, without the decoder's cost (a batch's event lists 100,000).
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
