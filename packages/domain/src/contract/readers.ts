import { z } from 'zod';
import { AreaQuery, DocumentType } from './inventory.ts';

/**
 * Reader settings of spec point 5, held by the warehouse (decision 0042): the warehouse's own row
 * (reader '') applies to every reader there; a reader's row adds to it. A scan names its reader in
 * `device`; the server decodes with the settings stored for that warehouse and reader, never with
 * settings the browser sends.
 */
export const ReaderSettingsBody = z.object({
  /** What such readers put before a code; removed in Non-GS1 mode (the longest matching prefix, once). */
  prefix: z.string().min(1).max(20).nullable().default(null),
  /** Non-GS1 mode: a 20-character code starting with '00' loses those two characters. */
  strip00: z.boolean().default(false),
  /** Carton and pallet mode: an 18-digit SSCC typed without its AI (00) is accepted. */
  bareSscc: z.boolean().default(false),
});
export type ReaderSettingsBody = z.infer<typeof ReaderSettingsBody>;

export const ReaderSettings = ReaderSettingsBody.extend({
  warehouseNo: z.string(),
  /** '' for the warehouse's own row. */
  reader: z.string(),
});
export type ReaderSettings = z.infer<typeof ReaderSettings>;

/** Every row a warehouse holds, its own ('') first, then its readers by name (the admin screen). */
export const ReaderSettingsList = z.object({ data: z.array(ReaderSettings) });
export type ReaderSettingsList = z.infer<typeof ReaderSettingsList>;

/**
 * GET /api/readerSettings: the settings a scan of this document by this reader is decoded with, for
 * the scan page's own check before it sends a scan (decision 0051). The document names the
 * warehouse; only a document of the caller's area is found.
 */
export const ReaderSettingsForScanQuery = AreaQuery.extend({
  docType: DocumentType,
  docNo: z.string().min(1).max(40),
  /** The reader, as the scan will name it in `device`; '' for the warehouse's own settings only. */
  reader: z.string().max(100).default(''),
});
export type ReaderSettingsForScanQuery = z.infer<typeof ReaderSettingsForScanQuery>;

/** The warehouse's row and the reader's together, as the server decodes a scan with them (decision 0042). */
export const ReaderSettingsForScan = z.object({
  warehouseNo: z.string(),
  reader: z.string(),
  /** Every prefix that applies; the longest that starts a code is removed, once (Non-GS1 mode). */
  prefix: z.array(z.string()),
  strip00: z.boolean(),
  bareSscc: z.boolean(),
});
export type ReaderSettingsForScan = z.infer<typeof ReaderSettingsForScan>;
