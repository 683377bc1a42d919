import type { UnitStatus } from '@pharma/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { IN_STOCK } from '../inventory/units.repository.ts';

/** The packs, cartons and pallets in stock of one warehouse, material, batch, status and expiry (sums: strings on PostgreSQL). */
export interface StockGroupRow {
  warehouse_no: string;
  /** Null for a carton or pallet of no single material (mixed, or a new SSCC from repack). */
  material_no: string | null;
  batch_no: string | null;
  status: UnitStatus;
  expiry: string | null;
  packs: number | string;
  cartons: number | string;
  pallets: number | string;
}

export interface StockScope {
  warehouseNos: readonly string[];
  materialNo: string | null;
  batchNo: string | null;
}

/**
 * The units in stock (`IN_STOCK`, whatever their condition) of the warehouses, per material, warehouse,
 * status, expiry and batch, each unit under its own columns: packs, cartons and pallets counted apart in
 * one aggregate statement, unordered (the caller merges the expiries of a batch and orders in TypeScript,
 * as SQLite and PostgreSQL order NULLs and text differently). A bundle is not counted (its packs are).
 * The groups follow handling_units_stock (material_no, warehouse_no, status, expiry, batch_no), so SQLite,
 * reading that index in its order (a range per material and warehouse, or each material's warehouses with
 * the planner's statistics), sums each group as it reads it, with no sort of the units; with a material,
 * that index's range; with its batch too, handling_units_batch (material_no, batch_no, id) on both
 * databases. PostgreSQL reads the table once without a material and hashes the groups: no index of
 * handling_units leads by warehouse or status there (migration 0019 dropped them to keep a scan's updates
 * heap-only), and its stock_packs holds only ACTIVE packs, not the other conditions this report shows.
 */
export async function stockByStatus(db: Db, scope: StockScope): Promise<StockGroupRow[]> {
  if (scope.warehouseNos.length === 0) return [];
  const material = scope.materialNo === null ? sql`` : sql`AND h.material_no = ${scope.materialNo}`;
  const batch = scope.batchNo === null ? sql`` : sql`AND h.batch_no = ${scope.batchNo}`;
  const { rows } = await sql<StockGroupRow>`
    SELECT h.warehouse_no, h.material_no, h.batch_no, h.status, h.expiry,
      SUM(CASE WHEN h.type = 'EA' THEN 1 ELSE 0 END) AS packs,
      SUM(CASE WHEN h.type = 'CTN' THEN 1 ELSE 0 END) AS cartons,
      SUM(CASE WHEN h.type = 'PLT' THEN 1 ELSE 0 END) AS pallets
    FROM handling_units h
    WHERE h.type IN ('EA', 'CTN', 'PLT') AND h.warehouse_no IN (${sql.join(scope.warehouseNos)})
      AND ${IN_STOCK} ${material} ${batch}
    GROUP BY h.material_no, h.warehouse_no, h.status, h.expiry, h.batch_no`.execute(db);
  return rows;
}
