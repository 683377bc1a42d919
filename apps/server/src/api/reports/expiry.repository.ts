import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { IN_STOCK } from '../inventory/units.repository.ts';

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
 * GTIN), and a line names one: `material_no IS NOT NULL` says so. On SQLite handling_units_stock holds
 * every column asked (migration 0031), so the packs are counted from the index alone, in its order
 * (material, warehouse, status, expiry, batch) with no sort, and the statuses summed after. PostgreSQL
 * reads handling_units_batch with a material, and the table without one. Decision 0077 has the figures.
 */
export async function packsByExpiry(db: Db, scope: ExpiryScope): Promise<ExpiryGroupRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const material = scope.materialNo === null ? sql`` : sql`AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  // Counted first in the order of handling_units_stock (status included), which SQLite then reads in
  // order with no sort of the packs, then the statuses summed: a few hundred groups.
  const { rows } = await sql<ExpiryGroupRow>`
    SELECT g.warehouse_no, g.material_no, g.batch_no, g.expiry, SUM(g.packs) AS packs
    FROM (
      SELECT h.material_no, h.warehouse_no, h.status, h.expiry, h.batch_no, count(*) AS packs
      FROM handling_units h
      WHERE h.type = 'EA' AND h.material_no IS NOT NULL AND h.warehouse_no IN (${sql.join(scope.warehouseNos)})
        AND ${IN_STOCK} ${material} ${batch}
      GROUP BY h.material_no, h.warehouse_no, h.status, h.expiry, h.batch_no
    ) g
    GROUP BY g.warehouse_no, g.material_no, g.batch_no, g.expiry`.execute(db);
  return rows;
}
