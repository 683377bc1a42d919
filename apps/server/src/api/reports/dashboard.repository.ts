import type { DocumentStatus, DocumentType } from '@pharma/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { IN_STOCK } from '../inventory/units.repository.ts';

/** The dashboard's reads (decision 0077). SQL only. */

/**
 * The packs in stock (`IN_STOCK`) of the warehouses that the expiry report puts in its '0-30' bucket
 * (a material, and an expiry from `asOf` to 30 days after it, both included: `expiringFrom`..`expiringTo`),
 * and those the stock report lists as QUARANTINE: one read of the units for both figures, under the
 * reports' own rule. SQLite counts them from handling_units_stock alone (migration 0031); PostgreSQL reads
 * the table once.
 */
export async function stockFigures(
  db: Db,
  q: { warehouseNos: readonly string[]; expiringFrom: string; expiringTo: string },
): Promise<{ expiring: number; quarantined: number }> {
  if (q.warehouseNos.length === 0) return { expiring: 0, quarantined: 0 };
  const { rows } = await sql<{ expiring: number | string | null; quarantined: number | string | null }>`
    SELECT
      SUM(CASE WHEN h.material_no IS NOT NULL AND h.expiry >= ${q.expiringFrom} AND h.expiry <= ${q.expiringTo} THEN 1 ELSE 0 END) AS expiring,
      SUM(CASE WHEN h.status = 'QUARANTINE' THEN 1 ELSE 0 END) AS quarantined
    FROM handling_units h
    WHERE h.type = 'EA' AND h.warehouse_no IN (${sql.join(q.warehouseNos)}) AND ${IN_STOCK}`.execute(db);
  // SUM of no rows is NULL; PostgreSQL answers a sum as a string.
  return { expiring: Number(rows[0]?.expiring ?? 0), quarantined: Number(rows[0]?.quarantined ?? 0) };
}

/**
 * Documents of these warehouses and types in these statuses. One count over `documents`: no index serves
 * status (the lists read by type and time), and a scan of 100,000 rows is a few milliseconds; an index on
 * `(status, warehouse_no)` would cost every status change a write for one figure.
 */
export async function documentCount(
  db: Db,
  q: { warehouseNos: readonly string[]; types: readonly DocumentType[]; statuses: readonly DocumentStatus[] },
): Promise<number> {
  // `in ()` is no SQL: an area with no warehouse has no documents.
  if (q.warehouseNos.length === 0 || q.types.length === 0 || q.statuses.length === 0) return 0;
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('warehouse_no', 'in', q.warehouseNos)
    .where('type', 'in', q.types)
    .where('status', 'in', q.statuses)
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a string.
  return Number(row.n);
}
