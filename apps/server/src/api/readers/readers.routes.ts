import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import {
  ReaderSettings,
  ReaderSettingsBody,
  ReaderSettingsForScan,
  ReaderSettingsForScanQuery,
  ReaderSettingsList,
} from '@pharma/domain/contract/readers';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { ReaderSettingsService } from './readers.service.ts';

const admin = { requirement: { right: 'ADMIN' } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const Params = z.object({ warehouseNo: z.string().min(1).max(20) });
/** The reader, as scans name it in `device`; left out, the warehouse's own settings (every reader). */
const Query = z.object({ reader: z.string().max(100).default('') });

/** Reader settings of spec point 5, per warehouse and per reader (decision 0042). */
export function readersRoutes(app: ZodApp, service: ReaderSettingsService): void {
  // Whoever may scan the document's family in the area may read the settings its scans are decoded
  // with (`familyField` reads `docType` from the query of a GET).
  app.get('/api/readerSettings', {
    config: { requirement: { application: 'RDC', action: 'Scan' }, areaParam: true, familyField: 'docType' },
    schema: {
      tags: ['documents'],
      summary:
        "The reader settings a scan of this document by this reader is decoded with (its warehouse's and the reader's), for the scan page's own check",
      querystring: ReaderSettingsForScanQuery,
      response: { 200: ReaderSettingsForScan, ...errors },
    },
    handler: async (request) => {
      const { docType, docNo, reader, area } = request.query;
      return service.forScan(docType, docNo, reader, area);
    },
  });

  app.get('/api/admin/warehouses/:warehouseNo/readers', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "Every reader settings row of a warehouse: its own (reader '') and its readers'",
      params: Params,
      response: { 200: ReaderSettingsList, ...errors },
    },
    handler: async (request) => service.list(request.params.warehouseNo),
  });

  app.get('/api/admin/warehouses/:warehouseNo/reader-settings', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "A warehouse's reader settings (prefix, strip00, bareSscc), or one reader's",
      params: Params,
      querystring: Query,
      response: { 200: ReaderSettings, ...errors },
    },
    handler: async (request) => service.get(request.params.warehouseNo, request.query.reader),
  });

  app.put('/api/admin/warehouses/:warehouseNo/reader-settings', {
    config: admin,
    schema: {
      tags: ['admin'],
      summary: "Set a warehouse's reader settings, or one reader's: the server decodes that warehouse's scans with them",
      params: Params,
      querystring: Query,
      body: ReaderSettingsBody,
      response: { 200: ReaderSettings, ...errors },
    },
    handler: async (request) => service.put(request.principal!.user.id, request.params.warehouseNo, request.query.reader, request.body),
  });
}
