import type { Db } from '../../db/database.ts';
import type { MaterialRow, MaterialsTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** Materials (the ERP's products, by material number and GTIN) and their batches. SQL only. */

export function findMaterial(db: Db, materialNo: string): Promise<MaterialRow | undefined> {
  return db.selectFrom('materials').selectAll().where('material_no', '=', materialNo).executeTakeFirst();
}

/** The material number of the material with this GTIN, other than `except`. */
export async function materialWithGtin(db: Db, gtin: string, except?: string): Promise<string | undefined> {
  let q = db.selectFrom('materials').select('material_no').where('gtin', '=', gtin);
  if (except !== undefined) q = q.where('material_no', '!=', except);
  return (await q.executeTakeFirst())?.material_no;
}

/** Which of `materialNos` exist. */
export async function knownMaterialNos(db: Db, materialNos: string[]): Promise<string[]> {
  if (materialNos.length === 0) return [];
  return (await db.selectFrom('materials').select('material_no').where('material_no', 'in', materialNos).execute()).map(
    (m) => m.material_no,
  );
}

export async function materialName(db: Db, materialNo: string): Promise<string | undefined> {
  return (await db.selectFrom('materials').select('name').where('material_no', '=', materialNo).executeTakeFirst())?.name;
}

export type MaterialFields = Pick<MaterialsTable, 'name' | 'gtin' | 'batch_type' | 'updated_at'>;

export async function insertMaterial(db: Db, materialNo: string, fields: MaterialFields): Promise<void> {
  await db
    .insertInto('materials')
    .values({ ...fields, material_no: materialNo, created_at: fields.updated_at })
    .execute();
}

export async function updateMaterial(db: Db, materialNo: string, fields: MaterialFields): Promise<void> {
  await db.updateTable('materials').set(fields).where('material_no', '=', materialNo).execute();
}

/** Records a batch of a material; a batch already known is left as it is. */
export async function addBatch(db: Db, b: { materialNo: string; batchNo: string; expiry: string | null; at: string }): Promise<void> {
  await db
    .insertInto('batches')
    .values({ id: newId(), material_no: b.materialNo, batch_no: b.batchNo, expiry: b.expiry, created_at: b.at })
    .onConflict((oc) => oc.columns(['material_no', 'batch_no']).doNothing())
    .execute();
}
