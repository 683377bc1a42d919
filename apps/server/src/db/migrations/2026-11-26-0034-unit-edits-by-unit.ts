import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. The ledger (issue 32, decision 0077) asks, for each pack completed in its period,
// whether an item status edit changed it before: `entity = 'unit' AND action = 'status' AND entity_id = ?
// AND at <= ?`. On PostgreSQL the partial index audit_log_unit_edits (entity, action, entity_id, at) of
// migration 0032 did not serve it: the planner drops from the index's conditions the terms its predicate
// already fixes (entity and action), so entity_id was no longer a leading column, the probe priced as a
// scan of the whole index, and it chose audit_log_entity (entity, entity_id, at) instead, reading every
// unit row of the pack in the trail (13 a pack): 1,526 ms for a month of 63,000 packs on the bench,
// against 140 ms with this index. On PostgreSQL it is led by entity_id; SQLite, which has no such rule
// and no statistics, keeps 0032's, whose leading entity and action make it prefer it to audit_log_entity.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP INDEX audit_log_unit_edits`.execute(db);
  await sql`CREATE INDEX audit_log_unit_edits ON audit_log (entity_id, at) WHERE entity = 'unit' AND action = 'status'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The unit edits index migration is not reversible.');
}
