import { message } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { EpcisResult } from './event-applier.ts';
import * as jobs from './jobs.repository.ts';
import type { JobProgress } from './jobs.repository.ts';

/**
 * The runner of large EPCIS intakes (decisions 0043, 0052 and 0082): a job kept in the database, so
 * any instance answers its poll; its work (validating the document, then applying it a chunk per
 * transaction) is the intake's (epcis.service.ts), which reports its progress here. A runner reports to
 * the job's row at least every second (or a quarter of `silentSeconds`): that is how other instances
 * know it is alive, and a job silent longer was interrupted.
 */

/** A large intake taken in the background (decision 0043): polled at GET /api/integration/epcis/jobs/{id}. */
export interface IntakeJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  events: number;
  /** Events validated and then applied or skipped so far (validation counts the first pass). */
  processed: number;
  /** The document's EPCs, and those validated and then applied or skipped so far, as `processed` (decision 0082). */
  epcs: number;
  epcsProcessed: number;
  /** While it runs: which pass the counts are in, the whole document validated first, then applied. */
  stage?: JobProgress['stage'];
  result?: EpcisResult;
  /** Why it failed: the catalogue code and its message, as a refused request would answer. */
  error?: { code: string; message: string };
}

/** How a job's work reports how far it is (and learns whether to stop: it throws when the job must stop). */
export type Report = (progress: JobProgress) => Promise<void>;

/** Finished jobs are kept this long, then forgotten (a poll answers 404). */
const KEPT_DAYS = 30;

/** Thrown inside a job's run when it must stop: this server is stopping, or another instance ended the job. */
class JobStopped extends Error {}

export class EpcisJobs {
  /** This process, as the jobs it runs name it. */
  private readonly instanceId = newId();
  /** Jobs running in this process, and what each run's promise ends with. */
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly silentSeconds: number,
  ) {}

  /**
   * Starts a job of `total` events and EPCs: kept in the database, answered at once (202), its `work`
   * run in the background with the report it calls between chunks.
   */
  async start(
    actorId: string,
    total: { events: number; epcs: number },
    work: (report: Report) => Promise<EpcisResult>,
  ): Promise<IntakeJob> {
    if (this.stopping) throw new AppError(503, 'SERVER_NOT_READY', { reason: 'it is shutting down' });
    const at = new Date().toISOString();
    const job: IntakeJob = { id: newId(), status: 'running', ...total, processed: 0, epcsProcessed: 0, stage: 'validating' };
    await jobs.deleteFinishedJobs(this.db, new Date(Date.now() - KEPT_DAYS * 86_400_000).toISOString());
    await jobs.insertJob(this.db, { id: job.id, ...total, actorId, instanceId: this.instanceId, at });
    const run = this.run(job.id, total, work).finally(() => this.running.delete(job.id));
    this.running.set(job.id, run);
    return job;
  }

  /**
   * A job as its sender sees it, from whichever instance. A running job whose runner has not reported
   * for `silentSeconds` was interrupted (its process stopped): it is marked failed now, with the
   * message that says to send the document again.
   */
  async job(id: string): Promise<IntakeJob> {
    let row = await jobs.findJob(this.db, id);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    const silentSince = new Date(Date.now() - this.silentSeconds * 1000).toISOString();
    if (row.status === 'running' && row.updated_at < silentSince) {
      await jobs.failSilentJob(this.db, id, silentSince, interrupted(row.processed, row.events), new Date().toISOString());
      row = (await jobs.findJob(this.db, id))!;
    }
    return {
      id: row.id,
      status: row.status,
      events: row.events,
      processed: row.processed,
      epcs: row.epcs,
      epcsProcessed: row.epcs_processed,
      ...(row.status === 'running' ? { stage: row.stage } : {}),
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

  /** Runs a job's work, reporting its progress to the job's row, and ends the job with its result or why it failed. */
  private async run(id: string, total: { events: number; epcs: number }, work: (report: Report) => Promise<EpcisResult>): Promise<void> {
    const every = Math.min(1000, (this.silentSeconds * 1000) / 4);
    let reported = Date.now();
    let progress: JobProgress = { stage: 'validating', processed: 0, epcsProcessed: 0 };
    const report = async (now: JobProgress) => {
      progress = now;
      if (this.stopping) throw new JobStopped();
      if (Date.now() - reported < every) return;
      reported = Date.now();
      if (!(await jobs.reportProgress(this.db, id, now, new Date().toISOString()))) throw new JobStopped();
    };
    try {
      const result = await work(report);
      await jobs.finishJob(this.db, id, {
        status: 'done',
        progress: { processed: total.events, epcsProcessed: total.epcs },
        resultJson: JSON.stringify(result),
        at: new Date().toISOString(),
      });
    } catch (error) {
      // Stopped by another instance: the job is already ended there.
      if (error instanceof JobStopped && !this.stopping) return;
      const reason =
        error instanceof JobStopped
          ? interrupted(progress.processed, total.events)
          : error instanceof AppError
            ? { code: error.code, message: error.message }
            : { code: 'SOMETHING_WENT_WRONG', message: message('SOMETHING_WENT_WRONG') };
      await jobs.finishJob(this.db, id, { status: 'failed', progress, error: reason, at: new Date().toISOString() });
    }
  }
}

function interrupted(processed: number, events: number): { code: string; message: string } {
  return { code: 'EPCIS_JOB_INTERRUPTED', message: message('EPCIS_JOB_INTERRUPTED', { processed, events }) };
}
