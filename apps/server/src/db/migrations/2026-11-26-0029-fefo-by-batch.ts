import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. First expiry, first out reads its stock in expiry order, then batch order (decision
// 0076): a read that passes over a batch on hold starts right after it (the rest of its day, batch by
// batch, then the days after), so a released batch expiring the same day is still found, and the read
// seeks past the held batch's packs instead of walking them. The index it reads gets the batch after the
// expiry: on SQLite handling_units_stock (migration 0003), on PostgreSQL stock_packs_fefo (migration 0019).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP INDEX stock_packs_fefo`.execute(db);
    await sql`CREATE INDEX stock_packs_fefo ON stock_packs (material_no, warehouse_no, expiry, batch_no)`.execute(db);
    return;
  }
  await sql`DROP INDEX handling_units_stock`.execute(db);
  await sql`CREATE INDEX handling_units_stock ON handling_units (material_no, warehouse_no, status, expiry, batch_no)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The first-expiry-by-batch index migration is not reversible.');
}
