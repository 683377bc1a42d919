import { isHeld, type BatchStatus } from '@pharma/domain';
import type { Db } from '../../db/database.ts';
import { isPostgres, prepared } from '../../db/prepared.ts';

/**
 * The stock first expiry, first out reads: the oldest batch of a material in stock of a warehouse, which a
 * dispatch scan compares with the packs it scans (decisions 0014, 0054, 0071 and 0076). SQL only. The
 * stock report's queries are another module's (api/reports/stock.repository.ts).
 */

/**
 * The table first expiry, first out reads. SQLite: the units, through the index `handling_units_stock`
 * (material, warehouse, status, expiry, batch). PostgreSQL: `stock_packs`, the packs in stock (ACTIVE in a
 * warehouse), through its index (material, warehouse, expiry, batch), so that no index of the units holds a
 * column a scan changes and a scan's update of a unit writes no index entry (migration 0019, decision 0054).
 * Either yields packs in expiry order, then batch order, so the first with one of the reasons ends the read.
 * The pack found comes with its batch's status (a probe of one row, for the one row the read answers).
 */
const BATCH_STATUS_OF = (t: string) =>
  `(SELECT bs.status FROM batch_statuses bs WHERE bs.material_no = ${t}.material_no AND bs.batch_no = ${t}.batch_no) AS batch_status`;
const STOCK = {
  sqlite: `SELECT id, batch_no, expiry, ${BATCH_STATUS_OF('u')} FROM handling_units u WHERE type = 'EA' AND material_no = ? AND warehouse_no = ? AND status = ?`,
  postgres: `SELECT unit_id AS id, batch_no, expiry, ${BATCH_STATUS_OF('s')} FROM stock_packs s WHERE material_no = ? AND warehouse_no = ? AND 'ACTIVE' = ?`,
};
/** Leaves out every pack of a batch on hold or recalled: a read that walks past all their packs. */
const NOT_HELD = (t: string) =>
  `NOT EXISTS (SELECT 1 FROM batch_statuses bs WHERE bs.material_no = ${t}.material_no AND bs.batch_no = ${t}.batch_no AND bs.status <> 'RELEASED')`;
/**
 * A read in expiry order, then batch order: from a date (today), or right after a batch it passed over. The
 * latter is two reads of the index in one statement: the rest of that batch's day (`expiry = ? AND
 * batch_no > ?`), then the days after it (`expiry > ?`), the first of the two answering. The row value
 * `(expiry, batch_no) > (?, ?)` would say it in one, but SQLite seeks to the day and walks every pack of the
 * held batch from there, 5 ms a read for 50,000 packs (decision 0076). `base` ends in its WHERE clause and
 * takes its parameters first; `rest` follows the start with more conditions, its parameters after the
 * start's. After a batch, the parameters are base, day, batch, rest, then base, day, rest again
 * (`startParams`).
 */
function inExpiryOrder(base: string, rest: string, afterBatch: boolean): string {
  const order = 'ORDER BY expiry, batch_no LIMIT 1';
  if (!afterBatch) return `${base} AND expiry >= ? ${rest} ${order}`;
  return `SELECT * FROM (${base} AND expiry = ? AND batch_no > ? ${rest} ORDER BY batch_no LIMIT 1) same_day
    UNION ALL SELECT * FROM (${base} AND expiry > ? ${rest} ${order}) later ${order}`;
}

/** The parameters of `inExpiryOrder`'s read: from today, or right after the batch passed over (never before today). */
function startParams<T>(base: T[], from: string, after: PassedBatch | null, rest: T[]): (T | string)[] {
  if (!after) return [...base, from, ...rest];
  return [...base, after.expiry, after.batchNo, ...rest, ...base, after.expiry, ...rest];
}

/**
 * First expiry, first out never advises a batch on hold or recalled (issue 30, decision 0071). Leaving
 * their packs out in the read walks past every one of them (a recalled batch of 100,000 packs in stock,
 * older than what is dispatched: 165 ms a scan on PostgreSQL), so the read takes the oldest pack with its
 * batch's status, and when that batch is held reads again right after it (a batch of the same day
 * included): one read as before when no held batch is older, one more for each held batch ahead, and after
 * `HELD_SKIPS` of them the read that leaves them all out.
 */
const HELD_SKIPS = 3;

/** A batch a read passed over: the next read starts right after it. */
export interface PassedBatch {
  expiry: string;
  batchNo: string;
}

/**
 * The oldest pack the probe finds that is not of a held batch: right `after` a batch passed over (none at
 * first), `skipHeld` leaves them out in the read.
 */
async function oldestReleased<P extends { expiry: string; batch_no: string | null; batch_status: BatchStatus | null }>(
  probe: (after: PassedBatch | null, skipHeld: boolean) => Promise<P | undefined>,
): Promise<P | undefined> {
  let after: PassedBatch | null = null;
  for (let i = 0; i < HELD_SKIPS; i++) {
    const pack = await probe(after, false);
    if (!pack || !isHeld(pack.batch_status)) return pack;
    after = { expiry: String(pack.expiry), batchNo: pack.batch_no ?? '' };
  }
  return probe(after, true);
}

interface StockPack {
  batch_no: string | null;
  expiry: string;
  batch_status: BatchStatus | null;
}

/**
 * PostgreSQL keeps only the ACTIVE packs for first expiry, first out (`stock_packs`): a family that
 * took stock in another status would find none there, so it is refused (a registry test holds the
 * families to ACTIVE).
 */
function activeOnPostgres(db: Db, status: string): void {
  if (isPostgres(db) && status !== 'ACTIVE') throw new Error(`first expiry, first out reads the stock in status ACTIVE, not ${status}`);
}

/**
 * Per database, number of reasons, start and whether held batches are left out: the oldest pack of a
 * material in stock of the warehouse in one state, from a date or after a batch, expiring before a date.
 */
const oldestPack = new Map<string, (db: Db, ...params: string[]) => Promise<StockPack[]>>();
function oldestPackQuery(stock: keyof typeof STOCK, reasons: number, afterBatch: boolean, skipHeld: boolean) {
  const key = `${stock} ${reasons} ${afterBatch} ${skipHeld}`;
  let query = oldestPack.get(key);
  if (!query) {
    const rest = `AND expiry < ? AND reason IN (${Array.from({ length: reasons }, () => '?').join(', ')})
      ${skipHeld ? `AND ${NOT_HELD(stock === 'sqlite' ? 'u' : 's')}` : ''}`;
    query = prepared<StockPack, string[]>(inExpiryOrder(STOCK[stock], rest, afterBatch));
    oldestPack.set(key, query);
  }
  return query;
}

/** What first expiry, first out asks of the stock. */
export interface StockQuery {
  warehouseNo: string;
  materialNo: string;
  /** Today: a batch already expired is not stock to take first (it is not dispatched at all). */
  from: string;
  before: string;
  states: readonly { status: string; reasons: readonly (string | null)[] }[];
}

/**
 * The batch of a material in stock of the warehouse, in one of `states`, expiring first before
 * `before` (first expiry, first out), or none; never a batch on hold or recalled. Every dispatch scan
 * asks: one indexed probe per state reads one pack, not every older pack (decision 0014: grouping them
 * cost a dispatch scan about 1 ms with 2,000 older packs in stock).
 */
export async function oldestBatchBefore(db: Db, q: StockQuery): Promise<{ materialNo: string; batchNo: string; expiry: string }[]> {
  let oldest: StockPack | undefined;
  for (const state of q.states) {
    const reasons = state.reasons.filter((r): r is string => r !== null);
    if (reasons.length === 0) continue;
    activeOnPostgres(db, state.status);
    const stock = isPostgres(db) ? 'postgres' : 'sqlite';
    const row = await oldestReleased(async (after, skipHeld) => {
      const [found] = await oldestPackQuery(
        stock,
        reasons.length,
        after !== null,
        skipHeld,
      )(db, ...startParams([q.materialNo, q.warehouseNo, state.status], q.from, after, [q.before, ...reasons]));
      return found;
    });
    if (row && (!oldest || row.expiry < oldest.expiry)) oldest = row;
  }
  return oldest ? [{ materialNo: q.materialNo, batchNo: oldest.batch_no ?? '', expiry: String(oldest.expiry) }] : [];
}

/** A pack of stock that first expiry, first out names: the oldest of its material, state and warehouse. */
export interface OldestPack {
  id: string;
  batch_no: string | null;
  expiry: string;
}

/**
 * PostgreSQL, inside a group of scans (decision 0053): the oldest pack of a material in stock of the
 * warehouse in one of `states`, not expired yet, whatever its expiry, leaving out `excluding` (the
 * packs the group's scans have taken and not written yet) and the batches on hold or recalled. One
 * probe per state, as `oldestBatchBefore`.
 */
export async function oldestInStock(
  db: Db,
  q: { warehouseNo: string; materialNo: string; from: string; states: StockQuery['states']; excluding: string[] },
): Promise<OldestPack | null> {
  let oldest: OldestPack | null = null;
  for (const state of q.states) {
    const reasons = state.reasons.filter((r): r is string => r !== null);
    if (reasons.length === 0) continue;
    activeOnPostgres(db, state.status);
    const row = await oldestReleased(async (after, skipHeld) => {
      const [found] = await oldestPackOutsideQuery(after !== null, skipHeld)(
        db,
        ...startParams<string | string[]>([q.materialNo, q.warehouseNo, state.status], q.from, after, [reasons, q.excluding]),
      );
      return found;
    });
    if (row && (!oldest || row.expiry < oldest.expiry)) oldest = { id: row.id, batch_no: row.batch_no, expiry: String(row.expiry) };
  }
  return oldest;
}

/** PostgreSQL: `STOCK.postgres` with one state's reasons, from a date or after a batch, leaving out some packs (and the held batches). */
const oldestOutside = new Map<string, (db: Db, ...params: (string | string[])[]) => Promise<(OldestPack & StockPack)[]>>();
function oldestPackOutsideQuery(afterBatch: boolean, skipHeld: boolean) {
  const key = `${afterBatch} ${skipHeld}`;
  let query = oldestOutside.get(key);
  if (!query) {
    const rest = `AND reason = ANY(CAST(? AS text[])) AND unit_id <> ALL(CAST(? AS text[])) ${skipHeld ? `AND ${NOT_HELD('s')}` : ''}`;
    query = prepared<OldestPack & StockPack, (string | string[])[]>(inExpiryOrder(STOCK.postgres, rest, afterBatch));
    oldestOutside.set(key, query);
  }
  return query;
}
