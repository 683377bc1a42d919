import { createHash } from 'node:crypto';
import { compactEventCbv, epcisValueFailure, message } from '@pharma/domain';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as received from './epcis.repository.ts';
import * as jobs from './jobs.repository.ts';
import { isoToday } from '../../lib/today.ts';
import { epcisSchemaErrors } from './epcis-schema.ts';
import { EventApplier, type EpcisResult, type EventParts } from './event-applier.ts';

/**
 * EPCIS 2.0 intake (GS1 EPCIS/CBV 2.0): the advance shipping notice of a supplier.
 * - ObjectEvent ADD commissions packs (SGTIN URNs or Digital Link URIs; lot and expiry from ilmd),
 * - AggregationEvent ADD puts children (packs or SSCCs) under a parent SSCC,
 * - a bizTransaction of type desadv links the units to the IBD named after its last ':'.
 * Every document is validated against GS1's EPCIS 2.0 JSON Schema first, and its lots, expiries and
 * serials against the GS1 rules a scanned code meets (decision 0056); events already received change
 * nothing; a unit of one warehouse is never linked or aggregated into another (decision 0056). A
 * document of at most `jobEvents` events is applied in one transaction or not at all; a larger one is
 * a job (decision 0043): validated whole, then applied a chunk per transaction.
 */

type Json = Record<string, unknown>;

/** A large intake taken in the background (decision 0043): polled at GET /api/integration/epcis/jobs/{id}. */
export interface IntakeJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  events: number;
  /** Events validated and then applied or skipped so far (validation counts the first pass). */
  processed: number;
  result?: EpcisResult;
  /** Why it failed: the catalogue code and its message, as a refused request would answer. */
  error?: { code: string; message: string };
}

/** Finished jobs are kept this long, then forgotten (a poll answers 404). */
const KEPT_DAYS = 30;

/** Lets the event loop serve other requests (scans) between chunks. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Thrown inside a job's run when it must stop: this server is stopping, or another instance ended the job. */
class JobStopped extends Error {}

type Event = Json;

export class EpcisService {
  /** This process, as the jobs it runs name it. */
  private readonly instanceId = newId();
  /** Jobs running in this process, and what each run's promise ends with. */
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly limits: { jobEvents: number; chunkEvents: number; silentSeconds: number } = {
      jobEvents: 500,
      chunkEvents: 20,
      silentSeconds: 30,
    },
  ) {}

  /**
   * Takes in a document: at once when it has at most `jobEvents` events (one transaction: all or
   * nothing), otherwise as a job answered with 202 and polled (decision 0043). The job is kept in the
   * database (decision 0052): any instance answers its poll.
   */
  async receive(actorId: string, input: unknown, today = isoToday()): Promise<{ result: EpcisResult } | { job: IntakeJob }> {
    const count = eventsOf(input).length;
    if (count <= this.limits.jobEvents) return { result: await this.intake(actorId, input, today) };
    if (this.stopping) throw new AppError(503, 'SERVER_NOT_READY', { reason: 'it is shutting down' });
    const at = new Date().toISOString();
    const job: IntakeJob = { id: newId(), status: 'running', events: count, processed: 0 };
    await jobs.deleteFinishedJobs(this.db, new Date(Date.now() - KEPT_DAYS * 86_400_000).toISOString());
    await jobs.insertJob(this.db, { id: job.id, events: count, actorId, instanceId: this.instanceId, at });
    const run = this.runJob(job.id, count, actorId, input, today).finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
    return { job };
  }

  /**
   * A job as its sender sees it, from whichever instance. A running job whose runner has not reported
   * for `silentSeconds` was interrupted (its process stopped): it is marked failed now, with the
   * message that says to send the document again.
   */
  async job(id: string): Promise<IntakeJob> {
    let row = await jobs.findJob(this.db, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    const silentSince = new Date(Date.now() - this.limits.silentSeconds * 1000).toISOString();
    if (row.status === 'running' && row.updated_at < silentSince) {
      await jobs.failSilentJob(this.db, id, silentSince, interrupted(row.processed, row.events), new Date().toISOString());
      row = (await jobs.findJob(this.db, id))!;
    }
    return {
      id: row.id,
      status: row.status,
      events: row.events,
      processed: row.processed,
      ...(row.result_json ? { result: JSON.parse(row.result_json) as EpcisResult } : {}),
      ...(row.error_code ? { error: { code: row.error_code, message: row.error_message ?? '' } } : {}),
    };
  }

  /**
   * Stops the jobs running in this process (the server is stopping): each stops between two chunks and
   * is marked failed with the message that says to send the document again (decision 0052).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running.values());
  }

  async intake(actorId: string, input: unknown, today = isoToday()): Promise<EpcisResult> {
    const doc = compactCbvValues(input);
    checkSchema(doc);
    const events = eventsOf(doc);
    events.forEach((event, index) => checkValues(event, event, index, today));
    const result = emptyResult(events.length);
    const items = events.map((event, index) => ({ event, whole: event, index, first: true, last: true, weight: 1 }));
    await this.db
      .transaction()
      .execute((trx) => applyItems(trx, actorId, items, today, result, { seen: new Set(), skipping: new Set(), parts: new Map() }));
    return result;
  }

  /**
   * A large document: the whole of it validated first, a chunk at a time, so that a malformed one
   * changes nothing; then applied a chunk per transaction, yielding between chunks. Events already
   * received are skipped, so a failed job sent again applies only what is missing. The runner reports
   * its progress to the job's row at least every second (or a quarter of `silentSeconds`): that is how
   * other instances know it is alive.
   */
  private async runJob(id: string, count: number, actorId: string, input: unknown, today: string): Promise<void> {
    const size = this.limits.chunkEvents;
    const every = Math.min(1000, (this.limits.silentSeconds * 1000) / 4);
    let reported = Date.now();
    let processed = 0;
    const report = async (done: number) => {
      processed = done;
      if (this.stopping) throw new JobStopped();
      if (Date.now() - reported < every) return;
      reported = Date.now();
      if (!(await jobs.reportProgress(this.db, id, done, new Date().toISOString()))) throw new JobStopped();
    };
    try {
      const header = { ...(input as Json), epcisBody: { ...((input as Json).epcisBody as Json), eventList: [] } };
      const events = eventsOf(input);
      // Validated first, a chunk of events (or of one large event's EPCs) at a time: nothing is applied
      // unless the whole document is valid.
      const raw = workItems(events, size);
      const wholes = new Map<number, Event>();
      const items: WorkItem[] = [];
      for (let from = 0; from < raw.length;) {
        await yieldToOthers();
        const to = chunkEnd(raw, from, size);
        const chunk = raw.slice(from, to);
        const list = chunk.map((item) => compactEvent(item.event));
        checkSchema({ ...header, epcisBody: { ...(header.epcisBody as Json), eventList: list } }, (i) => chunk[i]!.index);
        for (const item of chunk) checkValues(item.event, item.whole, item.index, today, item.part);
        chunk.forEach((item, k) => {
          let whole = wholes.get(item.index);
          if (!whole) wholes.set(item.index, (whole = item.whole === item.event ? list[k]! : compactEvent(item.whole)));
          items.push({ ...item, event: list[k]!, whole });
        });
        await report(chunk[chunk.length - 1]!.index + 1);
        from = to;
      }
      const result = emptyResult(events.length);
      const state: ApplyState = { seen: new Set(), skipping: new Set(), parts: new Map() };
      await report(0);
      for (let from = 0; from < items.length;) {
        await yieldToOthers();
        const to = chunkEnd(items, from, size);
        const chunk = items.slice(from, to);
        await this.db.transaction().execute((trx) => applyItems(trx, actorId, chunk, today, result, state));
        const last = chunk[chunk.length - 1]!;
        await report(last.last ? last.index + 1 : last.index);
        from = to;
      }
      await jobs.finishJob(this.db, id, {
        status: 'done',
        processed: count,
        resultJson: JSON.stringify(result),
        at: new Date().toISOString(),
      });
    } catch (error) {
      // Stopped by another instance: the job is already ended there.
      if (error instanceof JobStopped && !this.stopping) return;
      const reason =
        error instanceof JobStopped
          ? interrupted(processed, count)
          : error instanceof AppError
            ? { code: error.code, message: error.message }
            : { code: 'SOMETHING_WENT_WRONG', message: message('SOMETHING_WENT_WRONG') };
      await jobs.finishJob(this.db, id, { status: 'failed', processed, error: reason, at: new Date().toISOString() });
    }
  }
}

function interrupted(processed: number, events: number): { code: string; message: string } {
  return { code: 'EPCIS_JOB_INTERRUPTED', message: message('EPCIS_JOB_INTERRUPTED', { processed, events }) };
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

/** The end of the chunk that starts at `from`: items until their EPCs (at least one an item) reach `size`. */
function chunkEnd(items: readonly WorkItem[], from: number, size: number): number {
  let to = from;
  for (let weight = 0; to < items.length && weight < size; to++) weight += items[to]!.weight;
  return to;
}

function compactEvent(event: unknown): Event {
  return (event && typeof event === 'object' ? compactEventCbv(event as Json) : event) as Event;
}

/**
 * One event, or a part of a large one: an ObjectEvent's `epcList` or an AggregationEvent's `childEPCs`
 * a chunk at a time, so that one event of 100,000 packs does not hold the loop in one transaction.
 * Applying an event's EPCs again is harmless (a pack commissioned with its batch, a child already under
 * its parent, a unit already expected change nothing), so a part applied before a failure is safe;
 * the event is recorded as received, and counted, with its last part.
 */
interface WorkItem {
  event: Event;
  whole: Event;
  /** The event's index in the document. */
  index: number;
  first: boolean;
  last: boolean;
  /** EPCs the item carries (at least 1): what a chunk is measured in. */
  weight: number;
  /** A part of a large event: the list cut, and the index in it of the part's first entry. */
  part?: { key: string; from: number };
}

function workItems(events: readonly Event[], size: number): WorkItem[] {
  const items: WorkItem[] = [];
  events.forEach((event, index) => {
    const key =
      event && typeof event === 'object'
        ? (['epcList', 'childEPCs'] as const).find((k) => Array.isArray(event[k]) && (event[k] as unknown[]).length > size)
        : undefined;
    if (!key) {
      const lengthOf = (k: string) => (event && typeof event === 'object' && Array.isArray(event[k]) ? (event[k] as unknown[]).length : 0);
      const epcs = lengthOf('epcList') + lengthOf('childEPCs');
      items.push({ event, whole: event, index, first: true, last: true, weight: Math.max(1, epcs) });
      return;
    }
    const list = event[key] as unknown[];
    for (let from = 0; from < list.length; from += size) {
      const part = list.slice(from, from + size);
      items.push({
        event: { ...event, [key]: part },
        whole: event,
        index,
        first: from === 0,
        last: from + size >= list.length,
        weight: part.length,
        part: { key, from },
      });
    }
  });
  return items;
}

/**
 * Across the transactions of one intake: events seen (in this document), events being skipped as
 * received before, and what the parts of a large event being applied carry from one part to the next.
 */
interface ApplyState {
  seen: Set<string>;
  skipping: Set<string>;
  parts: Map<string, EventParts>;
}

/** Applies work items in one transaction, counting into `result`. */
async function applyItems(
  trx: Db,
  actorId: string,
  items: readonly WorkItem[],
  today: string,
  result: EpcisResult,
  state: ApplyState,
): Promise<void> {
  const at = new Date().toISOString();
  const audit: AuditEntry[] = [];
  const apply = new EventApplier(trx, actorId, at, today, audit, result);
  for (const { event, whole, index, first, last, part } of items) {
    const id =
      typeof whole.eventID === 'string' ? whole.eventID : 'sha256:' + createHash('sha256').update(JSON.stringify(whole)).digest('hex');
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
      bodyJson: JSON.stringify(whole),
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
