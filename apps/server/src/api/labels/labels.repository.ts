import type { Application, UnitType } from '@pharma/domain';
import type { Printer } from '@pharma/domain/contract/labels';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SSCC issuers, counters, printers, pallets made by createPallet, unit moves and label prints. SQL only. */

export interface WarehouseIssuer {
  warehouseNo: string;
  name: string;
  area: Application;
  gln: string | null;
  prefix: string | null;
  extension: string | null;
}

export async function findWarehouse(db: Db, warehouseNo: string): Promise<WarehouseIssuer | undefined> {
  const row = await db
    .selectFrom('warehouses')
    .select(['warehouse_no', 'name', 'area', 'gln', 'gs1_company_prefix', 'sscc_extension_digit'])
    .where('warehouse_no', '=', warehouseNo)
    .executeTakeFirst();
  return (
    row && {
      warehouseNo: row.warehouse_no,
      name: row.name,
      area: row.area,
      gln: row.gln,
      prefix: row.gs1_company_prefix,
      extension: row.sscc_extension_digit,
    }
  );
}

export async function setIssuer(db: Db, warehouseNo: string, prefix: string, extension: string): Promise<void> {
  await db
    .updateTable('warehouses')
    .set({ gs1_company_prefix: prefix, sscc_extension_digit: extension })
    .where('warehouse_no', '=', warehouseNo)
    .execute();
}

export async function printersOf(db: Db, warehouseNo: string): Promise<Printer[]> {
  return db
    .selectFrom('warehouse_printers')
    .select(['name', 'host', 'port'])
    .where('warehouse_no', '=', warehouseNo)
    .orderBy('name')
    .execute();
}

export async function printersInArea(db: Db, area: Application): Promise<{ warehouseNo: string; name: string }[]> {
  return db
    .selectFrom('warehouse_printers as p')
    .innerJoin('warehouses as w', 'w.warehouse_no', 'p.warehouse_no')
    .select(['p.warehouse_no as warehouseNo', 'p.name'])
    .where('w.area', '=', area)
    .orderBy('p.warehouse_no')
    .orderBy('p.name')
    .execute();
}

/** Replaces the warehouse's printers with `printers`. */
export async function replacePrinters(db: Db, warehouseNo: string, printers: readonly Printer[]): Promise<void> {
  await db.deleteFrom('warehouse_printers').where('warehouse_no', '=', warehouseNo).execute();
  if (printers.length === 0) return;
  await db
    .insertInto('warehouse_printers')
    .values(printers.map((p) => ({ warehouse_no: warehouseNo, name: p.name, host: p.host, port: p.port })))
    .execute();
}

/**
 * Takes the next serial reference of an issuer, if it is at most `max`: one UPDATE … RETURNING, so the
 * row lock (PostgreSQL) or the write lock (SQLite) hands each serial reference to one transaction only.
 * Undefined when the range is used up (nothing is changed then).
 */
export async function takeSerial(db: Db, issuer: string, max: number): Promise<number | undefined> {
  await db
    .insertInto('sscc_counters')
    .values({ issuer, next_serial: 0 })
    .onConflict((oc) => oc.column('issuer').doNothing())
    .execute();
  const row = await db
    .updateTable('sscc_counters')
    .set({ next_serial: sql<number>`next_serial + 1` })
    .where('issuer', '=', issuer)
    .where('next_serial', '<=', max)
    .returning('next_serial')
    .executeTakeFirst();
  return row ? Number(row.next_serial) - 1 : undefined;
}

export async function recordIssued(db: Db, s: { sscc: string; warehouseNo: string; userId: string; at: string }): Promise<void> {
  await db.insertInto('sscc_issued').values({ sscc: s.sscc, warehouse_no: s.warehouseNo, issued_by: s.userId, issued_at: s.at }).execute();
}

/** An empty pallet or carton made by createPallet: saleable stock of the warehouse, under no parent. */
export async function insertEmptyUnit(
  db: Db,
  u: { id: string; type: UnitType; sscc: string; warehouseNo: string; at: string },
): Promise<void> {
  await db
    .insertInto('handling_units')
    .values({
      id: u.id,
      type: u.type,
      sscc: u.sscc,
      gtin: null,
      serial: null,
      parent_id: null,
      material_no: null,
      batch_no: null,
      expiry: null,
      status: 'ACTIVE',
      reason: 'WAREHOUSE RECEIVED',
      warehouse_no: u.warehouseNo,
      created_at: u.at,
      updated_at: u.at,
    })
    .execute();
}

export async function printedBefore(db: Db, sscc: string): Promise<boolean> {
  return !!(await db.selectFrom('label_prints').select('id').where('sscc', '=', sscc).limit(1).executeTakeFirst());
}

export async function recordPrint(
  db: Db,
  p: { id: string; sscc: string; format: string; printer: string | null; copy: boolean; userId: string; at: string },
): Promise<void> {
  await db
    .insertInto('label_prints')
    .values({ id: p.id, sscc: p.sscc, format: p.format, printer: p.printer, copy: p.copy ? 1 : 0, user_id: p.userId, at: p.at })
    .execute();
}

/** An open (not completed) document of the units, if any: it holds them (scanned or expected on it). */
export async function openDocumentOf(db: Db, unitIds: readonly string[]): Promise<{ type: string; number: string } | undefined> {
  if (unitIds.length === 0) return undefined;
  const scanned = await db
    .selectFrom('scan_items as si')
    .innerJoin('documents as d', 'd.id', 'si.document_id')
    .select(['d.type', 'd.number'])
    .where('si.unit_id', 'in', unitIds)
    .where('d.status', '!=', 'Completed')
    .limit(1)
    .executeTakeFirst();
  if (scanned) return scanned;
  return db
    .selectFrom('document_units as du')
    .innerJoin('documents as d', 'd.id', 'du.document_id')
    .select(['d.type', 'd.number'])
    .where('du.unit_id', 'in', unitIds)
    .where('d.status', '!=', 'Completed')
    .limit(1)
    .executeTakeFirst();
}
