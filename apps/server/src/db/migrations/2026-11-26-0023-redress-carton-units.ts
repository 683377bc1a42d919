import { sql, type Kysely } from 'kysely';

// Frozen in time. A redress carton becomes a handling unit (issue 27, decision 0061). Until now a carton
// label was a record on its PO only (redress_cartons, migration 0011), so its SSCC found nothing and its
// packs had no parent. Now:
// - redress_cartons.unit_id: the carton's unit.
// - each carton SSCC that names no unit yet becomes a carton (CTN) in its PO's warehouse, ACTIVE /
//   REDRESSED, with the material and batch of its latest label and that batch's expiry; every label of
//   that SSCC points to it. An SSCC that already names another unit is left as it was (unit_id null):
//   that carton stays a record on its PO.
// - a pack scanned into a carton and still on that PO gets the carton as its parent, by its latest such
//   scan, when it is still where the redress left it: REDRESSED, in the carton's warehouse, not repacked
//   since. A pack taken off its PO (deleted, replaced) or moved on since (dispatched, scrapped) stays out.
// No audit row is written: the server signs its rows (decision 0059) and a migration holds no key; the
// PO's 'carton label' rows and the packs' scan rows already tell when each carton was labelled and
// each pack put into it. On PostgreSQL, stock_packs (migration 0019) is kept by its triggers: a carton
// is not a pack, and a pack's parent is not a column of it.

const CHUNK = 500;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('redress_cartons')
    .addColumn('unit_id', 'text', (c) => c.references('handling_units.id'))
    .execute();

  const labels = await sql<{
    id: string;
    carton_code: string;
    material_no: string;
    batch_no: string;
    created_at: string;
    warehouse_no: string;
  }>`SELECT c.id, c.carton_code, c.material_no, c.batch_no, c.created_at, d.warehouse_no
    FROM redress_cartons c JOIN documents d ON d.id = c.document_id
    ORDER BY c.created_at, c.id`.execute(db);
  const byCode = new Map<string, (typeof labels.rows)[number][]>();
  for (const l of labels.rows) byCode.set(l.carton_code, [...(byCode.get(l.carton_code) ?? []), l]);
  for (const [sscc, all] of byCode) {
    const taken = await sql`SELECT id FROM handling_units WHERE sscc = ${sscc}`.execute(db);
    if (taken.rows.length > 0) continue;
    const first = all[0]!;
    const last = all.at(-1)!;
    const batch = await sql<{ expiry: string | null }>`
      SELECT expiry FROM batches WHERE material_no = ${last.material_no} AND batch_no = ${last.batch_no}`.execute(db);
    await sql`INSERT INTO handling_units
      (id, type, sscc, gtin, serial, parent_id, material_no, batch_no, expiry, status, reason, warehouse_no, created_at, updated_at)
      VALUES (${first.id}, 'CTN', ${sscc}, NULL, NULL, NULL, ${last.material_no}, ${last.batch_no}, ${batch.rows[0]?.expiry ?? null},
        'ACTIVE', 'REDRESSED', ${last.warehouse_no}, ${first.created_at}, ${last.created_at})`.execute(db);
    await sql`UPDATE redress_cartons SET unit_id = ${first.id} WHERE carton_code = ${sscc}`.execute(db);
  }

  // Every pack still on a PO in one of its cartons, oldest scan first: the last row of a pack is its latest.
  const scanned = await sql<{
    unit_id: string;
    carton_unit_id: string | null;
    reason: string | null;
    warehouse_no: string | null;
    carton_warehouse_no: string | null;
    repacked: number | string;
  }>`SELECT cp.unit_id, c.unit_id AS carton_unit_id, h.reason, h.warehouse_no, ctn.warehouse_no AS carton_warehouse_no,
      CASE WHEN EXISTS (
        SELECT 1 FROM audit_log a WHERE a.entity = 'unit' AND a.entity_id = cp.unit_id
          AND a.action IN ('repack-add', 'repack-remove') AND a.at > sc.at
      ) THEN 1 ELSE 0 END AS repacked
    FROM redress_carton_packs cp
    JOIN redress_cartons c ON c.id = cp.carton_id
    JOIN scan_items s ON s.document_id = cp.document_id AND s.unit_id = cp.unit_id
    JOIN scans sc ON sc.id = s.scan_id
    JOIN handling_units h ON h.id = cp.unit_id
    LEFT JOIN handling_units ctn ON ctn.id = c.unit_id
    WHERE h.type = 'EA'
    ORDER BY sc.at, sc.id`.execute(db);
  const latest = new Map<string, (typeof scanned.rows)[number]>();
  for (const row of scanned.rows) latest.set(row.unit_id, row);
  const into = new Map<string, string[]>();
  for (const row of latest.values()) {
    const still =
      row.carton_unit_id !== null &&
      row.reason === 'REDRESSED' &&
      row.warehouse_no !== null &&
      row.warehouse_no === row.carton_warehouse_no &&
      Number(row.repacked) === 0;
    if (still) into.set(row.carton_unit_id!, [...(into.get(row.carton_unit_id!) ?? []), row.unit_id]);
  }
  for (const [cartonId, packs] of into) {
    for (let i = 0; i < packs.length; i += CHUNK) {
      const ids = packs.slice(i, i + CHUNK);
      await sql`UPDATE handling_units SET parent_id = ${cartonId} WHERE id IN (${sql.join(ids)})`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  throw new Error('The redress carton units migration is not reversible.');
}
