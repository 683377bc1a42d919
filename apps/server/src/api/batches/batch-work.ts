import { isMainThread, type Worker } from 'node:worker_threads';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { stopWorker, tsWorker } from '../../lib/ts-worker.ts';
import type { NewEpcisBatchEventRow } from '../integration/batch-status-events.repository.ts';
import {
  batchEventsSettled,
  keepBatchStatusEvents,
  makeBatchStatusEvents,
  trackBatchEventsBuild,
  type OwedBatchEvents,
} from '../integration/batch-status-events.ts';
import { covered, readBatchUnits, type Covered } from './batch-units.ts';
import { inSnapshot } from './batches.repository.ts';
import { Slices } from '../../lib/slices.ts';

/**
 * The work after a change of a batch's status (decision 0076): reading the batch's units right after the
 * commit (the change's answer counts them) and making its EPCIS events from that read (decision 0073).
 * For a batch of 100,000 packs that is about a second of reads and JavaScript. It runs in a worker thread
 * on a connection of its own, so the server's event loop and, on SQLite, its one connection keep
 * serving scans meanwhile; the server's thread only keeps the events made (one short transaction). An in-memory SQLite database has no second connection: there the same work
 * runs in the server's thread, a slice at a time (decision 0070).
 */

/** What the work tells of one change: the units it covers, then its events made; or that a step failed. */
export type AfterChangeNews =
  | { id: string; step: 'covered'; covered: Covered }
  | { id: string; step: 'made'; rows: NewEpcisBatchEventRow[] }
  | { id: string; step: 'failed'; error: string };

/** The worker's orders: a change's work, or to close its connection and end. */
export type BatchWorkOrder = { kind: 'change'; owed: OwedBatchEvents } | { kind: 'stop' };

/** What the worker thread opens its own connection with. */
export interface BatchWorkerData {
  database: Config['database'];
  auditKey: Uint8Array;
}

/**
 * The work of one change, on `db`, wherever it runs: reads only (the server's thread keeps the events it
 * makes: `keepBatchStatusEvents`). Every step is told, a failure included.
 */
export async function afterChange(db: Db, owed: OwedBatchEvents, tell: (news: AfterChangeNews) => void): Promise<void> {
  try {
    // In the worker nothing else waits for the event loop: its slices never end (decision 0076).
    const slices = new Slices(isMainThread);
    const units = await inSnapshot(db, (snapshot) => readBatchUnits(snapshot, owed.materialNo, owed.batchNo, slices));
    tell({ id: owed.id, step: 'covered', covered: covered(units) });
    tell({ id: owed.id, step: 'made', rows: await makeBatchStatusEvents(db, owed, units, slices) });
  } catch (error) {
    tell({ id: owed.id, step: 'failed', error: error instanceof Error ? error.message : String(error) });
  }
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The server's side of the work: starts the worker on the first change, hears what it tells, closes it. */
export class BatchWork {
  private worker: Worker | undefined;
  private readonly waiting = new Map<string, { covered: Deferred<Covered>; built: Deferred<void> }>();

  constructor(
    private readonly db: Db,
    private readonly database: Config['database'],
    private readonly auditKey: Uint8Array,
  ) {}

  /**
   * Starts the work of a committed change: `covered` answers the units it covers; `built` ends once its
   * events are kept, and is tracked as the change's build (the export and the close await it). Both fail
   * when the read fails; `built` alone when the events could not be built (the export builds them).
   */
  start(owed: OwedBatchEvents): { covered: Promise<Covered>; built: Promise<void> } {
    const waiting = { covered: deferred<Covered>(), built: deferred<void>() };
    this.waiting.set(owed.id, waiting);
    const built = trackBatchEventsBuild(this.db, owed.id, () => waiting.built.promise);
    if (this.inMemory()) void afterChange(this.db, owed, (news) => this.hear(news));
    else this.started().postMessage({ kind: 'change', owed } satisfies BatchWorkOrder);
    return { covered: waiting.covered.promise, built };
  }

  /**
   * Starts the worker ahead of a change: the Recall page reads a batch (lookup, whereabouts) before anyone
   * changes its status, and a worker's start (its module graph compiled, its connection opened) took 1 to
   * 2 s of the first hold's answer when it waited for the change.
   */
  warm(): void {
    if (!this.inMemory()) this.started();
  }

  /** Resolves once every change's work has ended, then ends the worker and its connection. */
  async close(): Promise<void> {
    await batchEventsSettled(this.db);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    await stopWorker(worker, { kind: 'stop' } satisfies BatchWorkOrder);
  }

  /** An in-memory SQLite database has no second connection: its work runs in the server's thread. */
  private inMemory(): boolean {
    return this.database.kind === 'sqlite' && this.database.file === ':memory:';
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const data: BatchWorkerData = { database: this.database, auditKey: this.auditKey };
    const worker = tsWorker(new URL('./batch-worker.ts', import.meta.url), data);
    // Nothing waits on an idle worker: the server's own handles keep the process alive.
    worker.unref();
    worker.on('message', (news: AfterChangeNews) => this.hear(news));
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, waiting] of this.waiting) {
        waiting.covered.reject(error);
        waiting.built.reject(error);
        this.waiting.delete(id);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the batch worker ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private hear(news: AfterChangeNews): void {
    const waiting = this.waiting.get(news.id);
    if (!waiting) return;
    if (news.step === 'covered') {
      waiting.covered.resolve(news.covered);
      return;
    }
    this.waiting.delete(news.id);
    if (news.step === 'made') {
      // A Buffer crosses from the worker as a plain Uint8Array: the drivers bind a Buffer.
      const rows = news.rows.map((r) => ({
        ...r,
        body_gzip: Buffer.from(r.body_gzip.buffer, r.body_gzip.byteOffset, r.body_gzip.byteLength),
      }));
      keepBatchStatusEvents(this.db, news.id, rows).then(waiting.built.resolve, waiting.built.reject);
      return;
    }
    const error = new Error(news.error);
    waiting.covered.reject(error);
    waiting.built.reject(error);
  }
}
