import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. PostgreSQL writes every index entry of a changed row to its write-ahead log, one
// record each, and checks every foreign key of an inserted row by a lookup of its own; a pallet scan
// changes 4,849 units and adds as many scan items (decision 0053). Fewer index entries and checks,
// the same rules:
// - handling_units: the unique (serial, gtin) replaces the unique (gtin, serial) and the index on
//   serial alone (a lookup by serial, or by GTIN and serial, uses the one index); the SSCC's unique
//   index holds only units that have an SSCC (packs have none, and no longer enter it).
// - scan_items: one foreign key (scan_id, document_id) to scans (id, document_id) replaces the two to
//   scans and to documents: an item's document is its scan's, and the scan's document exists
//   (scans.document_id references documents).
// SQLite keeps its schema: a write there costs no round trip and no log record per index entry, and
// its table constraints can only change by rebuilding the table.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`CREATE UNIQUE INDEX handling_units_serial_gtin ON handling_units (serial, gtin)`.execute(db);
  await sql`ALTER TABLE handling_units DROP CONSTRAINT handling_units_gtin_serial`.execute(db);
  await sql`DROP INDEX handling_units_serial`.execute(db);
  await sql`CREATE UNIQUE INDEX handling_units_sscc ON handling_units (sscc) WHERE sscc IS NOT NULL`.execute(db);
  await sql`ALTER TABLE handling_units DROP CONSTRAINT handling_units_sscc_key`.execute(db);

  await sql`CREATE UNIQUE INDEX scans_id_document ON scans (id, document_id)`.execute(db);
  await sql`ALTER TABLE scan_items ADD CONSTRAINT scan_items_scan_document_fkey
    FOREIGN KEY (scan_id, document_id) REFERENCES scans (id, document_id)`.execute(db);
  await sql`ALTER TABLE scan_items DROP CONSTRAINT scan_items_scan_id_fkey`.execute(db);
  await sql`ALTER TABLE scan_items DROP CONSTRAINT scan_items_document_id_fkey`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The index migration is not reversible.');
}
