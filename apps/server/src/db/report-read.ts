import { sql } from 'kysely';
import type { Db } from './database.ts';
import { isPostgres } from './prepared.ts';

/**
 * One report read. On PostgreSQL it runs in a transaction of its own whose planner is set for a report
 * (`SET LOCAL`: that transaction alone; every other statement of the server plans as before):
 * - a random page read costs 1.1 sequential ones instead of 4. A warehouse's tables and indexes are in
 *   memory, where a random read costs about what a sequential one does. At 4 the planner read all
 *   490,000 scan items of the bench to join a month's 13,000 completed documents by hash (296 ms),
 *   instead of probing each document's items (92 ms);
 * - 64 MB of memory for a sort or hash instead of 4 MB. With 4 MB the planner, which guesses tens of
 *   thousands of groups where a report has hundreds, grouped the month's 63,000 packs by sorting them on
 *   disk (205 ms) instead of hashing them (100 ms).
 * Reads given to Promise.all still run at once, each on a connection of the pool. SQLite reads as it is.
 * Decision 0077 has the figures.
 */
export function reportRead<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL random_page_cost = 1.1`.execute(trx);
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
    return read(trx);
  });
}
