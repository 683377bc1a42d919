import type { Kysely } from 'kysely';

// Frozen in time. Large EPCIS intakes (decision 0043) kept in the database, so that a job is readable
// from any instance and outlives the process that ran it (decision 0052):
// - epcis_jobs: one row per job: its status ('running', 'done', 'failed'), its events and how many are
//   processed, its result (the counts, JSON) or its error (code and message), who sent it, the instance
//   running it, when it started, when its runner last reported (updated_at: a running job whose runner
//   has not reported for a while was interrupted) and when it finished. Times are ISO-8601 text like
//   every other timestamp (decision 0001).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('epcis_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull())
    .addColumn('result_json', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('epcis_jobs_finished_at').on('epcis_jobs').column('finished_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('epcis_jobs').execute();
}
