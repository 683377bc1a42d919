import type { Db } from '../../db/database.ts';
import type { EpcisJobRow } from '../../db/schema.ts';

/** Large EPCIS intakes (decision 0052): one row a job, readable from any instance. SQL only. */

export async function insertJob(
  db: Db,
  job: { id: string; events: number; epcs: number; actorId: string; instanceId: string; at: string },
): Promise<void> {
  await db
    .insertInto('epcis_jobs')
    .values({
      id: job.id,
      status: 'running',
      events: job.events,
      processed: 0,
      epcs: job.epcs,
      epcs_processed: 0,
      stage: 'validating',
      result_json: null,
      error_code: null,
      error_message: null,
      actor_id: job.actorId,
      instance_id: job.instanceId,
      created_at: job.at,
      updated_at: job.at,
      finished_at: null,
    })
    .execute();
}

export async function findJob(db: Db, id: string): Promise<EpcisJobRow | undefined> {
  return db.selectFrom('epcis_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How far a running job is: in which pass, its events and its EPCs (decision 0082). */
export interface JobProgress {
  stage: 'validating' | 'applying';
  processed: number;
  epcsProcessed: number;
}

/**
 * The runner's report: how far it is, and that it is alive. False when the job is no longer running
 * (another instance found it silent too long and marked it failed): the runner stops.
 */
export async function reportProgress(db: Db, id: string, progress: JobProgress, at: string): Promise<boolean> {
  const result = await db
    .updateTable('epcis_jobs')
    .set({ stage: progress.stage, processed: progress.processed, epcs_processed: progress.epcsProcessed, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a running job, done with its counts or failed with its error; false when it had already ended. */
export async function finishJob(
  db: Db,
  id: string,
  end: {
    status: 'done' | 'failed';
    progress?: Omit<JobProgress, 'stage'>;
    resultJson?: string;
    error?: { code: string; message: string };
    at: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('epcis_jobs')
    .set({
      status: end.status,
      ...(end.progress === undefined ? {} : { processed: end.progress.processed, epcs_processed: end.progress.epcsProcessed }),
      result_json: end.resultJson ?? null,
      error_code: end.error?.code ?? null,
      error_message: end.error?.message ?? null,
      updated_at: end.at,
      finished_at: end.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Fails a running job whose runner has not reported since `silentSince` (its process stopped); true if it did. */
export async function failSilentJob(
  db: Db,
  id: string,
  silentSince: string,
  error: { code: string; message: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('epcis_jobs')
    .set({ status: 'failed', error_code: error.code, error_message: error.message, updated_at: at, finished_at: at })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('updated_at', '<', silentSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets jobs that finished before `before`. */
export async function deleteFinishedJobs(db: Db, before: string): Promise<void> {
  await db.deleteFrom('epcis_jobs').where('finished_at', '<', before).execute();
}
