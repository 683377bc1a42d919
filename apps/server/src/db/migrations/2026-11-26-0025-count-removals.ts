import type { Kysely } from 'kysely';

// Frozen in time. A count removed by hand names the count it takes off (issue 27, decision 0066): a
// counted family's reverse row (counted_scans, kind 'reverse') gets `reverses`, the id of the scan row
// it undoes. Reverses made before, and reverses by code, have none: they take off the last pack of
// their material and batch counted on their line, as they always did.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('counted_scans').addColumn('reverses', 'text').execute();
  // One removal per count: a second removal of the same scan row is refused by the key.
  await db.schema.createIndex('counted_scans_reverses').unique().on('counted_scans').column('reverses').execute();
}

export async function down(): Promise<void> {
  throw new Error('The count removals migration is not reversible.');
}
