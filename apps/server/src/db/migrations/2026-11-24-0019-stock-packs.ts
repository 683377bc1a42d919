import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. On PostgreSQL a changed row is written again with a new entry in every index of its
// table, unless no indexed column changed and its page has room: then it is a heap-only (HOT) update,
// one record and no index entry. A unit's state (status, reason, warehouse) was in the stock index
// that first expiry, first out reads, so every scan wrote each unit's four index entries again: 60 to
// 90 ms of a 4,849-unit pallet (decision 0054). Now:
// - stock_packs: the packs in stock (status ACTIVE in a warehouse), with what first expiry, first out
//   asks (material, warehouse, reason, batch, expiry), indexed by material, warehouse and expiry. A
//   pack enters when it comes into stock and leaves when it goes out; triggers on handling_units keep
//   it, once a statement over all its rows.
// - handling_units_stock is dropped: no index of handling_units holds a column a scan changes.
// - handling_units keeps half of each page free (fillfactor 50), so a pallet whose units share pages
//   finds room for all their new versions on the same pages. Pages written before keep their fill
//   until their units next move.
// SQLite keeps its index: it changes a row in place, with no new entry in indexes whose columns did
// not change.

/** Whether a unit row is a pack in stock. `u` is the row's alias. */
const IN_STOCK = (u: string) => `${u}.type = 'EA' AND ${u}.status = 'ACTIVE' AND ${u}.warehouse_no IS NOT NULL`;
const STOCK_COLUMNS = ['material_no', 'warehouse_no', 'reason', 'batch_no', 'expiry'];
const stockValues = (u: string) => ['id', ...STOCK_COLUMNS].map((c) => `${u}.${c}`).join(', ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`CREATE TABLE stock_packs (
    unit_id text PRIMARY KEY,
    material_no text,
    warehouse_no text NOT NULL,
    reason text,
    batch_no text,
    expiry text
  )`.execute(db);
  await sql
    .raw(
      `INSERT INTO stock_packs (unit_id, ${STOCK_COLUMNS.join(', ')}) SELECT ${stockValues('u')} FROM handling_units u WHERE ${IN_STOCK('u')}`,
    )
    .execute(db);
  await sql`CREATE INDEX stock_packs_fefo ON stock_packs (material_no, warehouse_no, expiry)`.execute(db);

  await sql
    .raw(
      `CREATE FUNCTION stock_packs_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO stock_packs (unit_id, ${STOCK_COLUMNS.join(', ')}) SELECT ${stockValues('n')} FROM new_units n WHERE ${IN_STOCK('n')};
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  // A unit that left the stock leaves the table; a unit in stock whose stock columns changed, or that came in, is written.
  const changed = STOCK_COLUMNS.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
  await sql
    .raw(
      `CREATE FUNCTION stock_packs_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM stock_packs s USING old_units o JOIN new_units n ON n.id = o.id
          WHERE s.unit_id = o.id AND ${IN_STOCK('o')} AND NOT (${IN_STOCK('n')});
        INSERT INTO stock_packs (unit_id, ${STOCK_COLUMNS.join(', ')})
          SELECT ${stockValues('n')} FROM new_units n JOIN old_units o ON o.id = n.id
          WHERE ${IN_STOCK('n')} AND (NOT (${IN_STOCK('o')}) OR ${changed})
        ON CONFLICT (unit_id) DO UPDATE SET ${STOCK_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')};
        RETURN NULL;
      END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER stock_packs_insert AFTER INSERT ON handling_units
    REFERENCING NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION stock_packs_insert()`.execute(db);
  await sql`CREATE TRIGGER stock_packs_update AFTER UPDATE ON handling_units
    REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units FOR EACH STATEMENT EXECUTE FUNCTION stock_packs_update()`.execute(db);

  await sql`DROP INDEX handling_units_stock`.execute(db);
  await sql`ALTER TABLE handling_units SET (fillfactor = 50)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The stock packs migration is not reversible.');
}
