import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DATABASES, openDatabaseAt } from './harness.ts';

/**
 * PostgreSQL keeps stock_packs with a statement trigger that joins an update's old rows to its new rows
 * (migration 0019). Planned once a connection on a single pack's one row, that join was a nested loop of
 * the old rows over the new, kept for every later update on the connection: a pallet of 4,849 units
 * dispatched afterwards compared 4,849 x 4,849 rows, 12 s (decision 0091). Migration 0041 plans it each
 * time. What the trigger ran is read from PostgreSQL's own plans (auto_explain, nested statements).
 */
describe.each(DATABASES.filter((k) => k === 'postgres'))('the stock trigger on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openDatabaseAt>>;

  beforeAll(async () => {
    opened = await openDatabaseAt(kind, '2026-11-24-0019-stock-packs', 'pharma_stock_plans');
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });

  /** One connection, as a pool's: a pack leaves the stock, then 2,000 do. The plans of the second update's trigger. */
  async function onePackThenMany(tag: string): Promise<string[]> {
    const plans: string[] = [];
    const client = new pg.Client({ connectionString: opened.config.database.kind === 'postgres' ? opened.config.database.url : '' });
    await client.connect();
    client.on('notice', (n) => plans.push(n.message ?? ''));
    await client.query(`LOAD 'auto_explain'; SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on;
      SET client_min_messages = log`);
    await client.query(
      `INSERT INTO handling_units (id, type, status, reason, warehouse_no, created_at, updated_at)
       SELECT $1 || g, 'EA', 'ACTIVE', 'WAREHOUSE RECEIVED', 'W2010', '2026-11-27', '2026-11-27' FROM generate_series(1, 2001) g`,
      [tag],
    );
    await client.query(`UPDATE handling_units SET status = 'PENDING', reason = 'DISPATCHED' WHERE id = $1`, [`${tag}1`]);
    plans.length = 0;
    await client.query(`UPDATE handling_units SET status = 'PENDING', reason = 'DISPATCHED' WHERE id LIKE $1 AND status = 'ACTIVE'`, [
      `${tag}%`,
    ]);
    const left = await client.query(`SELECT count(*) AS n FROM stock_packs WHERE unit_id LIKE $1`, [`${tag}%`]);
    expect(Number(left.rows[0].n)).toBe(0);
    await client.end();
    return plans.filter((p) => /Query Text: (DELETE FROM|INSERT INTO) stock_packs/.test(p));
  }

  /** The join of old and new rows as a nested loop comparing each old row with every new one. */
  const rowByRow = /Join Filter: \((o\.id = n\.id|n\.id = o\.id)\)/;

  it('before migration 0041, a plan made for one pack compared a large update row by row', async () => {
    const stock = await onePackThenMany('a');
    expect(stock.length).toBe(2);
    expect(stock.some((p) => rowByRow.test(p))).toBe(true);
  });

  it('after it, the statements are planned for the rows they have: no row-by-row join', async () => {
    await migrateToLatest(opened.database.db);
    const stock = await onePackThenMany('b');
    expect(stock.length).toBe(2);
    expect(stock.filter((p) => rowByRow.test(p))).toEqual([]);
  });
});
