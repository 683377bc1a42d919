import type { Db } from '../../db/database.ts';
import type { DocumentType } from '@pharma/domain';
import type { ReaderSettingsTable } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { ReaderSettingsTable };

/** Reader settings (migration 0013): SQL only. */
export async function findSettings(db: Db, warehouseNo: string, reader: string): Promise<ReaderSettingsTable | undefined> {
  return db
    .selectFrom('reader_settings')
    .selectAll()
    .where('warehouse_no', '=', warehouseNo)
    .where('reader', '=', reader)
    .executeTakeFirst();
}

/** Every row of a warehouse: its own ('') first, then its readers by name. */
export async function listSettings(db: Db, warehouseNo: string): Promise<ReaderSettingsTable[]> {
  return db.selectFrom('reader_settings').selectAll().where('warehouse_no', '=', warehouseNo).orderBy('reader').execute();
}

/** The warehouse's own row and the reader's row of a document's warehouse ('' only, when no reader is named). */
export async function settingsForDocument(db: Db, docType: DocumentType, docNo: string, reader: string): Promise<ReaderSettingsTable[]> {
  return db
    .selectFrom('reader_settings')
    .innerJoin('documents', 'documents.warehouse_no', 'reader_settings.warehouse_no')
    .selectAll('reader_settings')
    .where('documents.type', '=', docType)
    .where('documents.number', '=', docNo)
    .where('reader_settings.reader', 'in', reader === '' ? [''] : ['', reader])
    .execute();
}

/** The warehouse's own row and the reader's row ('' only, when no reader is named). */
export async function settingsForWarehouse(db: Db, warehouseNo: string, reader: string): Promise<ReaderSettingsTable[]> {
  return db
    .selectFrom('reader_settings')
    .selectAll()
    .where('warehouse_no', '=', warehouseNo)
    .where('reader', 'in', reader === '' ? [''] : ['', reader])
    .execute();
}

export async function saveSettings(db: Db, row: ReaderSettingsTable, exists: boolean): Promise<void> {
  if (exists) {
    const { warehouse_no, reader, ...values } = row;
    await db.updateTable('reader_settings').set(values).where('warehouse_no', '=', warehouse_no).where('reader', '=', reader).execute();
  } else {
    await db.insertInto('reader_settings').values(row).execute();
  }
}
