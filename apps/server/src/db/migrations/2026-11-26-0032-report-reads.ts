import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. The reports (issue 32, decision 0077) on 1,000,000 units and 100,000 documents read
// more than they answer; each index below lets a report read only its period:
// - documents_completed (status, completed_at): the ledger's and discrepancies' completed documents of
//   a period. A document changes status a few times in its life (open, in progress, completed), and
//   completed_at once: a few entries a document, never one a scan.
// - scans_at (at, kind, user_id, document_id) and counted_scans_at (at): productivity's scans of a
//   period, found by time instead of by each of the area's documents in turn. One entry a scan row
//   (a pallet is one row), inserted once and never changed.
// - audit_log_status_edits (entity, action, at), partial: the ledger's item status edits of a period,
//   instead of every unit row of the trail. Only an edit's rows enter it; the trail's other rows (a row
//   per unit a scan or completion moves) are only tested against its condition. Entity and action lead
//   although the condition fixes them: with them SQLite, which has no statistics, prefers it to
//   audit_log_entity (entity, entity_id, at), which matched one term of the query and read every unit row.
// - scan_items gains the unit's material_no and batch_no, written with the item by the scan (a unit's
//   material and batch never change), filled here for the items there are. The ledger groups a
//   period's completed packs by them: it read each of them from handling_units before, 80,000 random
//   reads for a month of 100,000 documents, half of its time.
// - audit_log_unit_edits (entity, action, entity_id, at), partial as the one above: whether a pack had an item status
//   edit before a completion, asked per pack of the period by the ledger, is a probe of the edits alone;
//   only a pack that had one needs its row of the completion in the whole trail.
// PostgreSQL also gets the number of distinct stock groups (extended statistics): without it the planner
// guessed 100,000 groups of units by material, warehouse, status, expiry and batch where there are a
// few hundred, sorted a million rows on disk instead of hashing them, and took 3 times as long.
// ANALYZE fills them now; autovacuum keeps them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX documents_completed ON documents (status, completed_at)`.execute(db);
  await sql`CREATE INDEX scans_at ON scans (at, kind, user_id, document_id)`.execute(db);
  await sql`CREATE INDEX counted_scans_at ON counted_scans (at)`.execute(db);
  await sql`CREATE INDEX audit_log_status_edits ON audit_log (entity, action, at) WHERE entity = 'unit' AND action = 'status'`.execute(db);
  await sql`CREATE INDEX audit_log_unit_edits ON audit_log (entity, action, entity_id, at) WHERE entity = 'unit' AND action = 'status'`.execute(
    db,
  );
  await sql`ALTER TABLE scan_items ADD COLUMN material_no text`.execute(db);
  await sql`ALTER TABLE scan_items ADD COLUMN batch_no text`.execute(db);
  await sql`UPDATE scan_items SET
    material_no = (SELECT h.material_no FROM handling_units h WHERE h.id = scan_items.unit_id),
    batch_no = (SELECT h.batch_no FROM handling_units h WHERE h.id = scan_items.unit_id)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE STATISTICS handling_units_groups (ndistinct) ON material_no, warehouse_no, status, expiry, batch_no FROM handling_units`.execute(
      db,
    );
    await sql`ANALYZE handling_units`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The report reads migration is not reversible.');
}
