import { sql, type Kysely } from 'kysely';

// Frozen in time. The inventory engine every document family shares: handling units (one table,
// one parent each), documents and their lines, the units an advance shipping notice expects,
// scans (idempotent by the client's scanId) and the packs each scan counted, EPCIS events.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('warehouse_partners')
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('warehouse_partners_pk', ['warehouse_no', 'partner_id'])
    .execute();

  await db.schema
    .createTable('handling_units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('PLT', 'CTN', 'EA', 'BUN')`))
    .addColumn('sscc', 'text', (c) => c.unique())
    .addColumn('gtin', 'text')
    .addColumn('serial', 'text')
    .addColumn('parent_id', 'text', (c) => c.references('handling_units.id'))
    .addColumn('material_no', 'text', (c) => c.references('materials.material_no'))
    .addColumn('batch_no', 'text')
    .addColumn('expiry', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('warehouse_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('handling_units_gtin_serial', ['gtin', 'serial'])
    .execute();
  await db.schema.createIndex('handling_units_parent').on('handling_units').column('parent_id').execute();
  await db.schema.createIndex('handling_units_serial').on('handling_units').column('serial').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('warehouse_no', 'text', (c) => c.notNull().references('warehouses.warehouse_no'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Open', 'In Progress', 'Completed')`))
    .addColumn('doc_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addUniqueConstraint('documents_type_number', ['type', 'number'])
    .execute();
  await db.schema.createIndex('documents_type_updated').on('documents').columns(['type', 'updated_at']).execute();

  await db.schema
    .createTable('document_lines')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('material_no', 'text', (c) => c.notNull().references('materials.material_no'))
    .addColumn('batch_no', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('scanned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shortage_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('document_lines_pk', ['document_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('document_units')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addPrimaryKeyConstraint('document_units_pk', ['document_id', 'unit_id'])
    .execute();
  await db.schema.createIndex('document_units_unit').on('document_units').column('unit_id').execute();

  await db.schema
    .createTable('scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('scan', 'reverse')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('packs', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('device', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scans_document').on('scans').columns(['document_id', 'at']).execute();

  // The packs a document has counted: one row per pack, so no pack is ever counted twice.
  await db.schema
    .createTable('scan_items')
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('handling_units.id'))
    .addColumn('scan_id', 'text', (c) => c.notNull().references('scans.id'))
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scan_items_pk', ['document_id', 'unit_id'])
    .execute();
  await db.schema.createIndex('scan_items_root').on('scan_items').columns(['document_id', 'root_id']).execute();

  await db.schema
    .createTable('epcis_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('action', 'text')
    .addColumn('applied', 'integer', (c) => c.notNull())
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The inventory migration is not reversible.');
}
