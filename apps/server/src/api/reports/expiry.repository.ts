import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { IN_STOCK } from '../inventory/in-stock.ts';

/** The packs in stock of one warehouse, material, batch and expiry. */
interface ExpiryGroupRow {
  warehouse_no: string;
  material_no: string;
  batch_no: string | null;
  expiry: string | null;
  /** count(*): a string on PostgreSQL. */
  packs: number | string;
}

interface ExpiryScope {
  warehouseNos: readonly string[];
  materialNo: string | null;
  batchNo: string | null;
}

/**
 * The packs in stock (`IN_STOCK`, whatever their condition) of the warehouses, per warehouse, material,
 * batch and expiry: one aggregate statement, unordered (the caller orders in TypeScript, as SQLite and
 * PostgreSQL order NULLs and text differently). Every pack has its material (intake refuses an unknown
 * GTIN), and a line names one: `material_no IS NOT NULL` says so. With a material, SQLite reads
 * handling_units_stock (material_no = ?, warehouse_no = ?) and PostgreSQL handling_units_batch
 * (material_no = ?, with the batch: batch_no = ?); without one, every unit is read (decision 0077 has
 * the figures: 1,000,000 units, about 250 ms on PostgreSQL, 1 to 2 s on SQLite).
 */
export async function packsByExpiry(db: Db, scope: ExpiryScope): Promise<ExpiryGroupRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const material = scope.materialNo === null ? sql`` : sql`AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  const { rows } = await sql<ExpiryGroupRow>`
    SELECT h.warehouse_no, h.material_no, h.batch_no, h.expiry, count(*) AS packs
    FROM handling_units h
    WHERE h.type = 'EA' AND h.material_no IS NOT NULL AND h.warehouse_no IN (${sql.join(scope.warehouseNos)})
      AND ${IN_STOCK} ${material} ${batch}
    GROUP BY h.warehouse_no, h.material_no, h.batch_no, h.expiry`.execute(db);
  return rows;
}
