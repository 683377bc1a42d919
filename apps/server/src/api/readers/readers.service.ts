import type { Application, DocumentType, ScanOptions } from '@pharma/domain';
import type { ReaderSettings, ReaderSettingsBody, ReaderSettingsForScan, ReaderSettingsList } from '@pharma/domain/contract/readers';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import type { ReaderSettingsTable } from './readers.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocument } from '../inventory/documents.repository.ts';
import { warehouseExists } from '../reference/reference.repository.ts';
import * as readers from './readers.repository.ts';

export type ReaderOptions = Pick<ScanOptions, 'prefix' | 'strip00' | 'bareSscc'>;

function view(row: ReaderSettingsTable): ReaderSettings {
  return {
    warehouseNo: row.warehouse_no,
    reader: row.reader,
    prefix: row.prefix,
    strip00: row.strip00 === 1,
    bareSscc: row.bare_sscc === 1,
  };
}

/**
 * The warehouse's own row and the reader's row together (decision 0042): both prefixes (the longest
 * matching one is removed), and strip00 / bareSscc where either row sets them. No rows: the
 * decoder's defaults.
 */
function together(rows: readonly ReaderSettingsTable[]): { prefix: string[]; strip00: boolean; bareSscc: boolean } {
  return {
    prefix: rows.flatMap((r) => (r.prefix === null ? [] : [r.prefix])).sort(),
    strip00: rows.some((r) => r.strip00 === 1),
    bareSscc: rows.some((r) => r.bare_sscc === 1),
  };
}

/** The decode options of a document's warehouse for the named reader. */
export async function readerOptions(db: Db, docType: DocumentType, docNo: string, reader: string | undefined): Promise<ReaderOptions> {
  return together(await readers.settingsForDocument(db, docType, docNo, reader ?? ''));
}

/** Reader settings of a warehouse, kept by an administrator; every change is audited. */
export class ReaderSettingsService {
  constructor(private readonly db: Db) {}

  async list(warehouseNo: string): Promise<ReaderSettingsList> {
    if (!(await warehouseExists(this.db, warehouseNo))) throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo });
    return { data: (await readers.listSettings(this.db, warehouseNo)).map(view) };
  }

  async get(warehouseNo: string, reader: string): Promise<ReaderSettings> {
    if (!(await warehouseExists(this.db, warehouseNo))) throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo });
    const row = await readers.findSettings(this.db, warehouseNo, reader);
    return row ? view(row) : { warehouseNo, reader, prefix: null, strip00: false, bareSscc: false };
  }

  /**
   * The settings a scan of this document by this reader is decoded with, for the scan page's own
   * check (decision 0051): the same rows and the same union as the scan path's. A document of
   * another area is not found, as on every document path.
   */
  async forScan(docType: DocumentType, docNo: string, reader: string, area: Application): Promise<ReaderSettingsForScan> {
    const doc = await findDocument(this.db, docType, docNo, area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: docType, number: docNo });
    return { warehouseNo: doc.warehouse_no, reader, ...together(await readers.settingsForWarehouse(this.db, doc.warehouse_no, reader)) };
  }

  async put(actorId: string, warehouseNo: string, reader: string, body: ReaderSettingsBody): Promise<ReaderSettings> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await warehouseExists(trx, warehouseNo))) throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo });
      const before = await readers.findSettings(trx, warehouseNo, reader);
      const at = new Date().toISOString();
      const row: ReaderSettingsTable = {
        warehouse_no: warehouseNo,
        reader,
        prefix: body.prefix,
        strip00: body.strip00 ? 1 : 0,
        bare_sscc: body.bareSscc ? 1 : 0,
        updated_at: at,
      };
      await readers.saveSettings(trx, row, before !== undefined);
      const after = view(row);
      await writeAudit(
        trx,
        [
          {
            actorId,
            entity: 'reader_settings',
            entityId: `${warehouseNo}/${reader}`,
            action: before ? 'update' : 'create',
            before: before ? view(before) : undefined,
            after,
          },
        ],
        at,
      );
      return after;
    });
  }
}
