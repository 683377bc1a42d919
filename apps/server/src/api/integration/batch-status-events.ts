import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  BATCH_STATUS_CBV,
  epcDigitalLink,
  eventHashId,
  eventHashPreimage,
  hasValidCheckDigit,
  movementEvent,
  sgtinUri,
  ssccUri,
  type BatchStatus,
  type EpcisObjectEvent,
  type Movement,
  type MovementUnit,
} from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import type { NewEpcisBatchEventRow } from './batch-status-events.repository.ts';
import { readBatchUnits, type BatchUnits } from '../batches/batch-units.ts';
import { inSnapshot } from '../batches/batches.repository.ts';
import { byCodeUnits, mapInSlices, Slices, sortInSlices } from '../../lib/slices.ts';
import * as repo from './batch-status-events.repository.ts';
import { offsetAt } from './epcis-offset.ts';

/**
 * What partners learn of a batch's new status through the EPCIS export (decision 0073): per warehouse
 * holding packs of the batch, one ObjectEvent (action OBSERVE) of every SGTIN of its packs there and
 * every SSCC of the pallets and cartons holding them, at the warehouse's SGLN, business step `holding`,
 * disposition `non_sellable_other` (on hold), `recalled` or `sellable_not_accessible` (released). The
 * batch is named by its SGTINs, whose lot their commissioning gave (EPCIS 2.0 allows ilmd on an ADD only).
 *
 * The change's transaction only owes the events (`oweBatchStatusEvents`: one row). They are built after
 * its commit from the units the change read right after it, a slice at a time (100,000 packs take about
 * 0.5 s of work: no scan may wait that long), and kept with the change marked built in one short
 * transaction. A change whose events were never built (the server stopped in between, or the build
 * failed) is built by the export before it answers (`buildOwedBatchEvents`), from the units as they are then.
 */

/** A batch's status change as the batches service makes it (issue 30). */
export interface BatchStatusChange {
  materialNo: string;
  batchNo: string;
  status: BatchStatus;
  /** When the change was made: the `changed_at` written, ISO 8601; the events' time. */
  at: string;
}

/** A change whose events are owed: its row in `epcis_batch_changes`. */
export interface OwedBatchEvents extends BatchStatusChange {
  id: string;
}

/** Inside the change's transaction: the durable record that its events are owed. */
export async function oweBatchStatusEvents(trx: Db, change: BatchStatusChange): Promise<OwedBatchEvents> {
  const owed = { id: randomUUID(), ...change };
  await repo.insertOwed(trx, {
    id: owed.id,
    material_no: change.materialNo,
    batch_no: change.batchNo,
    status: change.status,
    changed_at: change.at,
    built_at: null,
  });
  return owed;
}

/** The builds running, per database handle: one build per change at a time, awaited by the export and at close. */
const running = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Builds and keeps the events of an owed change, from `units` (the batch as the change read it right
 * after its commit) or, without them, from the batch as it is now. A warehouse with no such units gets
 * no event; a warehouse GLN or time zone that is not one throws, and the change stays owed. A build of
 * the same change already running is the one answered.
 */
export function buildBatchStatusEvents(db: Db, owed: OwedBatchEvents, units?: BatchUnits): Promise<void> {
  return trackBatchEventsBuild(db, owed.id, () => buildEvents(db, owed, units));
}

/**
 * `build` as the build of change `id` on `db`, which the export and the server's close await: a build
 * made elsewhere (the batch worker's, decision 0076) is tracked here too. While a build of `id` runs,
 * that one is answered and `build` is not called.
 */
export function trackBatchEventsBuild(db: Db, id: string, build: () => Promise<void>): Promise<void> {
  let builds = running.get(db);
  if (!builds) running.set(db, (builds = new Map()));
  const already = builds.get(id);
  if (already) return already;
  const tracked = build().finally(() => builds.delete(id));
  builds.set(id, tracked);
  return tracked;
}

/** Builds every change still owed, oldest first (the export, before it reads the events). */
export async function buildOwedBatchEvents(db: Db): Promise<void> {
  for (const row of await repo.owedChanges(db)) {
    await buildBatchStatusEvents(db, {
      id: row.id,
      materialNo: row.material_no,
      batchNo: row.batch_no,
      status: row.status,
      at: row.changed_at,
    });
  }
}

/** Resolves once every build running on `db` has ended (the server closing waits for them). */
export async function batchEventsSettled(db: Db): Promise<void> {
  await Promise.allSettled([...(running.get(db)?.values() ?? [])]);
}

async function buildEvents(db: Db, owed: OwedBatchEvents, units: BatchUnits | undefined): Promise<void> {
  await keepBatchStatusEvents(db, owed.id, await makeBatchStatusEvents(db, owed, units));
}

/**
 * Keeps a change's events, made by `makeBatchStatusEvents`, and marks the change built, in one short
 * transaction; the first to commit wins. On SQLite the server's connection is the only one that writes
 * (its transactions are deferred: one that read before another connection's commit could not write after
 * it), so the batch worker makes the events and the server keeps them.
 */
export function keepBatchStatusEvents(db: Db, changeId: string, rows: readonly NewEpcisBatchEventRow[]): Promise<void> {
  return repo.keepBuiltEvents(db, changeId, rows, new Date().toISOString());
}

/**
 * The rows of a change's events, one per warehouse holding packs of the batch, made from `units` (the
 * batch as the change read it) or, without them, from the batch as it is now; reads only.
 */
export async function makeBatchStatusEvents(
  db: Db,
  owed: OwedBatchEvents,
  units?: BatchUnits,
  slices = new Slices(),
): Promise<NewEpcisBatchEventRow[]> {
  const read = units ?? (await inSnapshot(db, (snapshot) => readBatchUnits(snapshot, owed.materialNo, owed.batchNo, slices)));
  const byWarehouse = await unitsByWarehouse(read, slices);
  const warehouseNos = [...byWarehouse.keys()].sort(byCodeUnits);
  const places = await repo.warehousePlaces(db, warehouseNos);
  const rows: NewEpcisBatchEventRow[] = [];
  for (const warehouseNo of warehouseNos) {
    const place = places.get(warehouseNo);
    const movement = {
      cbv: BATCH_STATUS_CBV[owed.status],
      at: owed.at,
      timeZoneOffset: offsetAt(place?.timeZone ?? null, owed.at),
      gln: place?.gln ?? null,
    };
    const built = await batchEvent(movement, byWarehouse.get(warehouseNo)!, slices);
    if (built === 'NO_UNITS') continue;
    if (typeof built === 'string') throw new Error(`EPCIS event of batch ${owed.materialNo}/${owed.batchNo} in ${warehouseNo}: ${built}`);
    rows.push({
      id: built.event.eventID!,
      material_no: owed.materialNo,
      batch_no: owed.batchNo,
      status: owed.status,
      warehouse_no: warehouseNo,
      event_time: built.event.eventTime,
      body_gzip: await gzipped(Buffer.from(built.body, 'utf8')),
      created_at: new Date().toISOString(),
    });
  }
  return rows;
}

/**
 * Per warehouse, the units its event names: every pack of the batch in stock there (`in_stock`, the
 * whereabouts' rule) and every unit above one, each once per warehouse.
 */
async function unitsByWarehouse(units: BatchUnits, slices: Slices): Promise<Map<string, MovementUnit[]>> {
  const byWarehouse = new Map<string, { units: MovementUnit[]; holders: Set<string> }>();
  for (const pack of units.packs) {
    if (slices.spent()) await slices.pause();
    if (Number(pack.in_stock) !== 1 || pack.warehouse_no === null) continue;
    let here = byWarehouse.get(pack.warehouse_no);
    if (!here) byWarehouse.set(pack.warehouse_no, (here = { units: [], holders: new Set() }));
    here.units.push(pack);
    // Up to the first unit already listed here: those above it are listed too.
    for (let id = pack.parent_id; id !== null && !here.holders.has(id);) {
      const holder = units.holders.get(id);
      if (!holder) break;
      here.holders.add(id);
      here.units.push(holder);
      id = holder.parent_id;
    }
  }
  return new Map([...byWarehouse].map(([warehouseNo, { units: listed }]) => [warehouseNo, listed]));
}

/** Off the event loop (zlib's thread pool): an event of 50,000 packs is 2.4 MB of JSON, kept as about 0.35 MB. */
const gzipped = promisify(gzip);

const SSCC_URI = 'urn:epc:id:sscc:';

/** A unit's EPC URI as `movementEvent` names it (company prefix of 7 digits), or null for a unit with no valid GS1 key (a bundle). */
function epcOf(u: MovementUnit): string | null {
  if (u.sscc !== null && /^\d{18}$/.test(u.sscc) && hasValidCheckDigit(u.sscc)) return ssccUri(u.sscc);
  if (u.gtin !== null && u.serial && /^\d{14}$/.test(u.gtin) && hasValidCheckDigit(u.gtin)) return sgtinUri(u.gtin, u.serial);
  return null;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The event `movementEvent` makes of `units` (the test compares the two), made a slice at a time: the
 * EPCs (SSCCs first, then SGTINs, each once, sorted), the event hash over their sorted Digital Links,
 * and the JSON text. Every other field, and its checks (GLN, time, offset), are `movementEvent`'s own,
 * run on the first unit alone.
 */
async function batchEvent(
  m: Omit<Movement, 'units'>,
  units: readonly MovementUnit[],
  slices: Slices,
): Promise<{ event: EpcisObjectEvent; body: string } | string> {
  const ssccs = new Set<string>();
  const packs = new Set<string>();
  let first: MovementUnit | undefined;
  for (const u of units) {
    const epc = epcOf(u);
    if (epc !== null) {
      first ??= u;
      (epc.startsWith(SSCC_URI) ? ssccs : packs).add(epc);
    }
    if (slices.spent()) await slices.pause();
  }
  if (!first) return 'NO_UNITS';
  const alone = movementEvent({ ...m, units: [first] }, sha256Hex);
  if (!alone.ok) return alone.error;
  const epcList = [...(await sortInSlices([...ssccs], byCodeUnits, slices)), ...(await sortInSlices([...packs], byCodeUnits, slices))];
  const eventID = await eventHash(alone.event, epcList, slices);
  if (eventID === null) return 'UNHASHABLE';
  const event: EpcisObjectEvent = { ...alone.event, eventID, epcList };
  return { event, body: await eventJson(event, slices) };
}

/**
 * The CBV 2.0 section 8.9 event hash ID of `alone` with `epcList` for its EPCs, digested a slice at a
 * time. The pre-hash string is `eventHashPreimage`'s of the event without EPCs, with the EPCs' sorted
 * Digital Links put in before its `action=`: the canonical order puts epcList right after the time zone
 * offset, and these events have no parentID, childEPCs or quantityList to come between.
 */
async function eventHash(alone: EpcisObjectEvent, epcList: readonly string[], slices: Slices): Promise<string | null> {
  const bare = eventHashPreimage({ ...alone, epcList: [] });
  if (bare === null) return null;
  const cut = bare.indexOf('action=');
  const links = await mapInSlices(epcList, epcDigitalLink, slices);
  if (links.some((l) => l === null)) return null;
  const sorted = await sortInSlices(links as string[], byCodeUnits, slices);
  const digest = createHash('sha256').update(bare.slice(0, cut), 'utf8').update('epcList', 'utf8');
  for (let i = 0; i < sorted.length; i += LIST_SLICE) {
    digest.update(
      sorted
        .slice(i, i + LIST_SLICE)
        .map((l) => `epc=${l}`)
        .join(''),
      'utf8',
    );
    await slices.breathe();
  }
  const hex = digest.update(bare.slice(cut), 'utf8').digest('hex');
  // The digest of the whole pre-hash string, made above.
  return eventHashId(bare, () => hex);
}

/** Items of a list written or digested at once. */
const LIST_SLICE = 2000;
const EPC_LIST = '"epcList":[';

/** `JSON.stringify(event)`, its epcList written a slice at a time (50,000 EPCs are 2.4 MB of JSON). */
async function eventJson(event: EpcisObjectEvent, slices: Slices): Promise<string> {
  const text = JSON.stringify({ ...event, epcList: [] });
  const at = text.indexOf(`${EPC_LIST}]`) + EPC_LIST.length;
  const parts = [text.slice(0, at)];
  for (let i = 0; i < event.epcList.length; i += LIST_SLICE) {
    parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(event.epcList.slice(i, i + LIST_SLICE)).slice(1, -1)}`);
    await slices.breathe();
  }
  parts.push(text.slice(at));
  return parts.join('');
}
