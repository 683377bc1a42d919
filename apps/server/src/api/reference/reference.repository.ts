import type { z } from 'zod';
import type { Warehouse } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';

/** Reference data: warehouses and their business partners. SQL only. */

export async function listWarehouses(db: Db): Promise<z.infer<typeof Warehouse>[]> {
  const rows = await db.selectFrom('warehouses').selectAll().orderBy('warehouse_no').execute();
  return rows.map((w) => ({ warehouseNo: w.warehouse_no, name: w.name, area: w.area, plant: w.plant, salesOrg: w.sales_org }));
}

export async function warehouseExists(db: Db, warehouseNo: string): Promise<boolean> {
  return !!(await db.selectFrom('warehouses').select('warehouse_no').where('warehouse_no', '=', warehouseNo).executeTakeFirst());
}

/** The warehouses of a plant. */
export async function warehousesOfPlant(db: Db, plant: string): Promise<string[]> {
  const rows = await db.selectFrom('warehouses').select('warehouse_no').where('plant', '=', plant).orderBy('warehouse_no').execute();
  return rows.map((r) => r.warehouse_no);
}

export async function partnersOf(db: Db, warehouseNo: string): Promise<{ partnerId: string; role: string; name: string }[]> {
  const rows = await db
    .selectFrom('warehouse_partners')
    .selectAll()
    .where('warehouse_no', '=', warehouseNo)
    .orderBy('partner_id')
    .execute();
  return rows.map((p) => ({ partnerId: p.partner_id, role: p.role, name: p.name }));
}
