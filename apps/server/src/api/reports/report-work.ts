import type { Worker } from 'node:worker_threads';
import type { AppliedFilters } from '@pharma/domain/contract/reports';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { stopWorker, tsWorker } from '../../lib/ts-worker.ts';
import { REPORT_MAKERS, type Made, type MakerName } from './makers.ts';
import type { ReportFacts } from './report-facts.ts';

/** What the worker is asked: a report with its filters, or to close its connection and end. */
export type ReportOrder = { kind: 'make'; id: number; name: MakerName; filters: AppliedFilters } | { kind: 'stop' };
/** What the worker tells: that it is ready, or a report made or failed. */
export type ReportNews =
  | { kind: 'ready' }
  | { kind?: undefined; id: number; ok: true; value: unknown }
  | { kind?: undefined; id: number; ok: false; error: string };

export interface ReportWorkerData {
  database: Config['database'];
  auditKey: Uint8Array;
  /** What the reports read off the server's registry: data, since a worker takes no functions. */
  facts: ReportFacts;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Where the reports are made (decision 0077). On a SQLite file, in a worker thread with a connection of
 * its own (`report-worker.ts`): better-sqlite3 reads synchronously, so a report of 200 to 300 ms on a
 * million units made in the server's thread held every scan that long, and a shift lead's home page
 * asks for its figures every minute. The worker starts on the first report; until it is ready (its
 * modules compiled, its connection open: a second or two), reports are made in the server's thread as
 * before, so none waits for it. PostgreSQL reads on connections of its pool, and an in-memory SQLite
 * database has no second connection: there every report is made in the server's thread.
 */
export class ReportWork {
  private worker: Worker | undefined;
  private ready = false;
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly db: Db,
    private readonly database: Config['database'],
    private readonly auditKey: Uint8Array,
    /** What the reports read off the registry the server runs (decision 0085), in its thread and in the worker alike. */
    private readonly facts: ReportFacts,
  ) {}

  make<N extends MakerName>(name: N, filters: AppliedFilters): Promise<Made<N>> {
    if (this.database.kind !== 'sqlite' || this.database.file === ':memory:')
      return REPORT_MAKERS[name](this.db, filters, this.facts) as Promise<Made<N>>;
    const worker = this.started();
    if (!this.ready) return REPORT_MAKERS[name](this.db, filters, this.facts) as Promise<Made<N>>;
    const id = ++this.next;
    return new Promise<Made<N>>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ kind: 'make', id, name, filters } satisfies ReportOrder);
    });
  }

  /** Whether reports are now made in the worker (it has started and opened its connection). */
  get inWorker(): boolean {
    return this.ready;
  }

  /** Ends the worker and its connection once the reports it is making are told. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    if (!worker) return;
    await stopWorker(worker, { kind: 'stop' } satisfies ReportOrder);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const data: ReportWorkerData = { database: this.database, auditKey: this.auditKey, facts: this.facts };
    const worker = tsWorker(new URL('./report-worker.ts', import.meta.url), data);
    // Nothing waits on an idle worker: the server's own handles keep the process alive.
    worker.unref();
    worker.on('message', (news: ReportNews) => this.hear(news));
    const lost = (error: Error) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.ready = false;
      }
      for (const [id, waiting] of this.waiting) {
        waiting.reject(error);
        this.waiting.delete(id);
      }
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the report worker ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private hear(news: ReportNews): void {
    if (news.kind === 'ready') {
      this.ready = true;
      return;
    }
    const waiting = this.waiting.get(news.id);
    if (!waiting) return;
    this.waiting.delete(news.id);
    if (news.ok) waiting.resolve(news.value);
    else waiting.reject(new Error(news.error));
  }
}
