import { sql, type Kysely } from 'kysely';

// Frozen in time. The engine runs every document family (decision 0015):
// - scan_items holds every unit of a scanned tree, not only its packs: `counted` marks the packs a
//   document counts, `before_status` and `before_reason` the state each unit had, which a reverse restores.
// - saleable stock by warehouse, material and expiry, for first-expiry-first-out advice on dispatch.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scan_items')
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('scan_items').addColumn('before_status', 'text').execute();
  await db.schema.alterTable('scan_items').addColumn('before_reason', 'text').execute();
  // Until now only receiving scanned, always from TRANSIT / PENDING GR, and only packs were kept: the
  // pallets and cartons above them that a scan moved to PENDING join their document the same way.
  await db
    .updateTable('scan_items')
    .set({ before_status: 'TRANSIT', before_reason: 'PENDING GR' })
    .where('before_status', 'is', null)
    .execute();
  await sql`
    INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason)
    WITH RECURSIVE tree(document_id, scan_id, root_id, id) AS (
      SELECT DISTINCT document_id, scan_id, root_id, root_id FROM scan_items
      UNION ALL SELECT t.document_id, t.scan_id, t.root_id, h.id FROM handling_units h JOIN tree t ON h.parent_id = t.id
    )
    SELECT DISTINCT t.document_id, t.id, t.scan_id, t.root_id, 0, 'TRANSIT', 'PENDING GR'
    FROM tree t JOIN handling_units h ON h.id = t.id
    WHERE h.type <> 'EA' AND h.status = 'PENDING'
      AND NOT EXISTS (SELECT 1 FROM scan_items s WHERE s.document_id = t.document_id AND s.unit_id = t.id)`.execute(db);
  await db.schema
    .createIndex('handling_units_stock')
    .on('handling_units')
    .columns(['material_no', 'warehouse_no', 'status', 'expiry'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The family engine migration is not reversible.');
}
