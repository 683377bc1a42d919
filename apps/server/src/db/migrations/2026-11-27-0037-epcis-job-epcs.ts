import type { Kysely } from 'kysely';

// Frozen in time. An EPCIS job's progress counted in EPCs as well as events (issue 34, decision 0082): a
// document of few events and many EPCs (one event of 100,000 packs) is a job too, and its events alone
// would not move while it runs.
// - epcis_jobs.epcs: the EPCs of the document (0 for a job started before this migration);
// - epcis_jobs.epcs_processed: the EPCs validated, then applied, so far (counted as `processed` is);
// - epcis_jobs.stage: 'validating' or 'applying' while it runs, which of the two passes the counts are in.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('epcis_jobs')
    .addColumn('epcs', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('epcis_jobs')
    .addColumn('epcs_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('epcis_jobs')
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo('validating'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The EPCIS job EPCs migration is not reversible.');
}
