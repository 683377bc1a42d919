import { compactEventCbv, epcisValueFailure, type Family } from '@pharma/domain';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import * as received from './epcis.repository.ts';
import { isoToday } from '../../lib/today.ts';
import { EpcisJobs, type IntakeJob, type Report } from './epcis-jobs.ts';
import { epcisSchemaErrors } from './epcis-schema.ts';
import { EventApplier, type EpcisResult, type EventParts } from './event-applier.ts';
import { eventKey, eventText } from './event-json.ts';
import { chunkEnd, epcsOf, eventsDone, workItems, yieldToOthers, type Event, type KeyedItem } from './work-items.ts';

/**
 * EPCIS 2.0 intake (GS1 EPCIS/CBV 2.0): the advance shipping notice of a supplier.
 * - ObjectEvent ADD commissions packs (SGTIN URNs or Digital Link URIs; lot and expiry from ilmd),
 * - AggregationEvent ADD puts children (packs or SSCCs) under a parent SSCC,
 * - a bizTransaction of type desadv links the units to the IBD named after its last ':'.
 * Every document is validated against GS1's EPCIS 2.0 JSON Schema first, and its lots, expiries and
 * serials against the GS1 rules a scanned code meets (decision 0056); events already received change
 * nothing; a unit of one warehouse is never linked or aggregated into another (decision 0056). A
 * document of at most `jobEvents` events and `jobEpcs` EPCs is applied in one transaction or not at all;
 * a larger one is a job (decisions 0043, 0082): validated whole, then applied a chunk per transaction, a
 * chunk bounded by its EPCs, so that an event of many EPCs is applied in parts. This module validates a
 * document and applies its events in transactions (each event by event-applier.ts); the job that runs a
 * large one in the background, its row and its polls, is epcis-jobs.ts's.
 */

type Json = Record<string, unknown>;

export class EpcisService {
  private readonly jobs: EpcisJobs;

  constructor(
    private readonly db: Db,
    /**
     * The family a notice's desadv names and whose units it announces: the registry's `noticeFamily`
     * (decision 0085). A server whose registry has none takes no notices (app.ts offers no intake).
     */
    private readonly notice: Family,
    private readonly limits: { jobEvents: number; jobEpcs: number; chunkEvents: number; silentSeconds: number } = {
      jobEvents: 100,
      jobEpcs: 1_000,
      chunkEvents: 100,
      silentSeconds: 30,
    },
  ) {
    this.jobs = new EpcisJobs(db, limits.silentSeconds);
  }

  /**
   * Takes in a document: at once when it has at most `jobEvents` events and `jobEpcs` EPCs (one
   * transaction: all or nothing), otherwise as a job answered with 202 and polled (decisions 0043, 0082):
   * a document of few events and many EPCs is as long to apply as one of many events. The job is kept in
   * the database (decision 0052): any instance answers its poll.
   */
  async receive(actorId: string, input: unknown, today = isoToday()): Promise<{ result: EpcisResult } | { job: IntakeJob }> {
    const events = eventsOf(input);
    const epcs = events.reduce((sum, event) => sum + epcsOf(event), 0);
    if (events.length <= this.limits.jobEvents && epcs <= this.limits.jobEpcs) return { result: await this.intake(actorId, input, today) };
    const job = await this.jobs.start(actorId, { events: events.length, epcs }, (report) =>
      this.inChunks(actorId, input, events.length, today, report),
    );
    return { job };
  }

  /** A job as its sender sees it, from whichever instance (epcis-jobs.ts). */
  job(id: string): Promise<IntakeJob> {
    return this.jobs.job(id);
  }

  /** Stops the jobs running in this process (the server is stopping): each is marked failed (decision 0052). */
  stop(): Promise<void> {
    return this.jobs.stop();
  }

  async intake(actorId: string, input: unknown, today = isoToday()): Promise<EpcisResult> {
    const doc = compactCbvValues(input);
    checkSchema(doc);
    const events = eventsOf(doc);
    events.forEach((event, index) => checkValues(event, event, index, today));
    const result = emptyResult(events.length);
    const items: KeyedItem[] = [];
    for (const [index, event] of events.entries()) {
      items.push({ event, whole: event, id: await eventKey(event), index, first: true, last: true, weight: 1, epcs: 0 });
    }
    const bodies = await bodiesOf(items);
    await this.db.transaction().execute((trx) =>
      applyItems(trx, actorId, items, bodies, today, result, {
        notice: this.notice,
        seen: new Set(),
        skipping: new Set(),
        parts: new Map(),
      }),
    );
    return result;
  }

  /**
   * A large document, a job's work: the whole of it validated first, then applied a chunk per transaction
   * (decision 0082: a chunk holds at most `chunkEvents` EPCs, or events of none). Events already received
   * are skipped, so a failed job sent again applies only what is missing. `report` is called after each
   * chunk, and throws when the job must stop.
   */
  private async inChunks(actorId: string, input: unknown, events: number, today: string, report: Report): Promise<EpcisResult> {
    const items = await validateInChunks(input, this.limits.chunkEvents, today, report);
    return applyInChunks(this.db, actorId, items, this.limits.chunkEvents, today, emptyResult(events), report, this.notice);
  }
}

/**
 * Validates the whole document before anything is applied, a chunk of events (or of one large event's
 * EPCs) at a time, yielding between chunks: nothing is applied unless all of it is valid. Returns the
 * work items to apply, each event compacted and keyed once.
 */
async function validateInChunks(input: unknown, size: number, today: string, report: Report): Promise<KeyedItem[]> {
  const header = { ...(input as Json), epcisBody: { ...((input as Json).epcisBody as Json), eventList: [] } };
  const raw = workItems(eventsOf(input), size);
  // The event a part belongs to, compacted and keyed by its first part, until its last.
  const wholes = new Map<number, { whole: Event; id: string }>();
  const items: KeyedItem[] = [];
  let epcs = 0;
  for (let from = 0; from < raw.length;) {
    await yieldToOthers();
    const to = chunkEnd(raw, from, size);
    const chunk = raw.slice(from, to);
    const list = chunk.map((item) => compactEvent(item.event));
    checkSchema({ ...header, epcisBody: { ...(header.epcisBody as Json), eventList: list } }, (i) => chunk[i]!.index);
    for (const item of chunk) checkValues(item.event, item.whole, item.index, today, item.part);
    for (const [k, item] of chunk.entries()) {
      let known = wholes.get(item.index);
      if (!known) {
        const whole = item.whole === item.event ? list[k]! : compactEvent(item.whole);
        wholes.set(item.index, (known = { whole, id: await eventKey(whole) }));
      }
      if (item.last) wholes.delete(item.index);
      items.push({ ...item, event: list[k]!, ...known });
      epcs += item.epcs;
    }
    await report({ stage: 'validating', processed: eventsDone(chunk), epcsProcessed: epcs });
    from = to;
  }
  return items;
}

/** Applies validated work items a chunk per transaction, yielding between chunks, counting into `result`. */
async function applyInChunks(
  db: Db,
  actorId: string,
  items: readonly KeyedItem[],
  size: number,
  today: string,
  result: EpcisResult,
  report: Report,
  notice: Family,
): Promise<EpcisResult> {
  const state: ApplyState = { notice, seen: new Set(), skipping: new Set(), parts: new Map() };
  let epcs = 0;
  await report({ stage: 'applying', processed: 0, epcsProcessed: 0 });
  for (let from = 0; from < items.length;) {
    await yieldToOthers();
    const to = chunkEnd(items, from, size);
    const chunk = items.slice(from, to);
    const bodies = await bodiesOf(chunk);
    await db.transaction().execute((trx) => applyItems(trx, actorId, chunk, bodies, today, result, state));
    epcs += chunk.reduce((sum, item) => sum + item.epcs, 0);
    await report({ stage: 'applying', processed: eventsDone(chunk), epcsProcessed: epcs });
    from = to;
  }
  return result;
}

function emptyResult(events: number): EpcisResult {
  return { events, applied: 0, ignored: 0, duplicates: 0, unitsCreated: 0, aggregated: 0, linked: 0 };
}

function eventsOf(doc: unknown): Event[] {
  const list = ((doc as Json | null)?.epcisBody as Json | undefined)?.eventList;
  return Array.isArray(list) ? (list as Event[]) : [];
}

/** GS1's EPCIS 2.0 JSON Schema; `indexOf` maps an event's place in the list given to its index in the document. */
function checkSchema(doc: unknown, indexOf: (i: number) => number = (i) => i): void {
  const errors = epcisSchemaErrors(doc);
  if (errors.length === 0) return;
  const path = (p: string) => p.replace(/^\/epcisBody\/eventList\/(\d+)/, (_, i: string) => `/epcisBody/eventList/${indexOf(Number(i))}`);
  const detail = errors
    .slice(0, 3)
    .map((e) => `${path(e.instancePath) || '/'} ${e.message ?? ''}`)
    .join('; ');
  throw new AppError(400, 'EPCIS_INVALID', { detail });
}

/**
 * The event's lots, expiries and serials as GS1 values (decision 0056); `part` says which entries of a
 * large event's list `event` holds, so that the field named is the whole event's.
 */
function checkValues(event: Event, whole: Event, index: number, today: string, part?: { key: string; from: number }): void {
  const failure = epcisValueFailure(event, today, part ? { [part.key]: part.from } : {});
  if (failure) throw new AppError(400, failure.code, { event: eventLabel(index, whole), field: failure.field, ...failure.params });
}

/** '#3', or '#3 (urn:uuid:…)' for an event with an eventID (cut to 100 characters): the event's place in the document, from 1. */
function eventLabel(index: number, whole: Event): string {
  const id = whole && typeof whole === 'object' && typeof whole.eventID === 'string' ? whole.eventID : null;
  return `#${index + 1}${id === null ? '' : ` (${id.length > 100 ? id.slice(0, 100) + '…' : id})`}`;
}

function compactEvent(event: unknown): Event {
  return (event && typeof event === 'object' ? compactEventCbv(event as Json) : event) as Event;
}

/**
 * Across the transactions of one intake: events seen (in this document), events being skipped as
 * received before, and what the parts of a large event being applied carry from one part to the next.
 */
interface ApplyState {
  /** The family a notice's desadv names and whose units it announces (the registry's `noticeFamily`, decision 0085). */
  notice: Family;
  seen: Set<string>;
  skipping: Set<string>;
  parts: Map<string, EventParts>;
}

/**
 * The JSON text of each event the items end, by its index: written before the transaction that keeps
 * it, so that the text of an event of many EPCs is written a slice at a time (decision 0082).
 */
async function bodiesOf(items: readonly KeyedItem[]): Promise<Map<number, string>> {
  const bodies = new Map<number, string>();
  for (const item of items) if (item.last) bodies.set(item.index, await eventText(item.whole));
  return bodies;
}

/** Applies work items in one transaction, counting into `result`; `bodies` holds the text of each event they end. */
async function applyItems(
  trx: Db,
  actorId: string,
  items: readonly KeyedItem[],
  bodies: ReadonlyMap<number, string>,
  today: string,
  result: EpcisResult,
  state: ApplyState,
): Promise<void> {
  const at = new Date().toISOString();
  const audit: AuditEntry[] = [];
  const apply = new EventApplier(trx, actorId, at, today, audit, result, state.notice);
  for (const { event, whole, id, index, first, last, part } of items) {
    const label = eventLabel(index, whole);
    if (first && (state.seen.has(id) || (await received.eventReceived(trx, id)))) {
      result.duplicates += 1;
      if (!last) state.skipping.add(id);
      continue;
    }
    if (state.skipping.has(id)) {
      if (last) state.skipping.delete(id);
      continue;
    }
    let parts = state.parts.get(id);
    if (!parts) state.parts.set(id, (parts = {}));
    const acted = await apply.event(event, label, part?.from ?? 0, parts);
    if (!last) continue;
    state.parts.delete(id);
    state.seen.add(id);
    result[acted ? 'applied' : 'ignored'] += 1;
    await received.insertEvent(trx, {
      id,
      eventType: String(whole.type),
      action: typeof whole.action === 'string' ? whole.action : null,
      applied: acted,
      bodyJson: bodies.get(index)!,
      receivedAt: at,
    });
  }
  await apply.finish();
  // Written together at the end: a few multi-row INSERTs instead of one statement per unit.
  await writeAudit(trx, audit, at);
}

/** CBV values may come as compact terms or full URNs: compact them before schema validation. */
function compactCbvValues(doc: unknown): unknown {
  const body = (doc as Json | null)?.epcisBody as Json | undefined;
  if (!body || !Array.isArray(body.eventList)) return doc;
  return {
    ...(doc as Json),
    epcisBody: { ...body, eventList: body.eventList.map((e) => (e && typeof e === 'object' ? compactEventCbv(e as Json) : e)) },
  };
}
