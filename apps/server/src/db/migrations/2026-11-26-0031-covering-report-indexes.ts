import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. The reports (issue 32, decision 0077) on SQLite read every unit of the area, or every
// scan, through an index and then each row for the columns the index lacked: a million random reads of
// the table. Two indexes get those columns at their end, so the reads stay in the index:
// - handling_units_stock (material_no, warehouse_no, status, expiry, batch_no) gains type and reason,
//   what IN_STOCK and the stock and expiry reports ask besides. A scan changes status (and reason) of
//   each unit it moves, so it already rewrites the unit's entry: the entry is wider, not one more write.
//   Type never changes; a change of reason alone (rare) now rewrites the entry too.
// - scans_document (document_id, at) gains kind and user_id, what productivity counts by. A scan row is
//   inserted once and never changed: one entry as before, wider.
// PostgreSQL keeps its indexes: it has no handling_units_stock (migration 0019: a scan's updates stay
// heap-only, which an index holding status would end) and reads the tables in full.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`DROP INDEX handling_units_stock`.execute(db);
  await sql`CREATE INDEX handling_units_stock ON handling_units (material_no, warehouse_no, status, expiry, batch_no, type, reason)`.execute(
    db,
  );
  await sql`DROP INDEX scans_document`.execute(db);
  await sql`CREATE INDEX scans_document ON scans (document_id, at, kind, user_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The covering report indexes migration is not reversible.');
}
