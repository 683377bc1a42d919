import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. PostgreSQL only. The trigger that keeps stock_packs after an update of handling_units
// (migration 0019) joins the statement's old rows to its new rows. PL/pgSQL plans such a statement once a
// connection, with no parameters, and keeps the plan: planned on a single-pack scan's one row, it was a
// nested loop of the old rows over the new, and a 4,800-pack pallet dispatched later on that connection
// spent 12 s in it (4,849 x 4,849 rows compared; decision 0091). The same statements now go through
// EXECUTE, planned each time with the sizes the transition tables have then: a hash join for a pallet.

const IN_STOCK = (u: string) => `${u}.type = 'EA' AND ${u}.status = 'ACTIVE' AND ${u}.warehouse_no IS NOT NULL`;
const STOCK_COLUMNS = ['material_no', 'warehouse_no', 'reason', 'batch_no', 'expiry'];
const stockValues = (u: string) => ['id', ...STOCK_COLUMNS].map((c) => `${u}.${c}`).join(', ');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // A unit that left the stock leaves the table; a unit in stock whose stock columns changed, or that came in, is written.
  const changed = STOCK_COLUMNS.map((c) => `o.${c} IS DISTINCT FROM n.${c}`).join(' OR ');
  const leave = `DELETE FROM stock_packs s USING old_units o JOIN new_units n ON n.id = o.id
    WHERE s.unit_id = o.id AND ${IN_STOCK('o')} AND NOT (${IN_STOCK('n')})`;
  const enter = `INSERT INTO stock_packs (unit_id, ${STOCK_COLUMNS.join(', ')})
    SELECT ${stockValues('n')} FROM new_units n JOIN old_units o ON o.id = n.id
    WHERE ${IN_STOCK('n')} AND (NOT (${IN_STOCK('o')}) OR ${changed})
    ON CONFLICT (unit_id) DO UPDATE SET ${STOCK_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION stock_packs_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE ${quoted(leave)};
        EXECUTE ${quoted(enter)};
        RETURN NULL;
      END $$`,
    )
    .execute(db);
}

/** `text` as an SQL string literal. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export async function down(): Promise<void> {
  throw new Error('The stock trigger plans migration is not reversible.');
}
