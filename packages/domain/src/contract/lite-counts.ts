import { z } from 'zod';
import { DocumentLine } from './inventory.ts';
import { LiteDocument, LiteDocumentRef } from './lite.ts';

/**
 * What was scanned on each line of a document, scan by scan, and the removal of one scan before the
 * document is completed (issue 27, decision 0066): GET /api/lite/getCounts, POST /api/lite/removeCount.
 * Family-neutral: a counted family's scans (ScanLite: one pack of a GTIN and batch each) and a lite
 * family's unit scans (Dispatch+ …: a pallet, carton or pack, with the packs it put on the line).
 */
export const CountEntry = z.object({
  /** The scan's id: the count to remove. */
  id: z.string(),
  /** 'pack' for a counted pack (GTIN and batch), 'unit' for a scanned handling unit. */
  kind: z.enum(['pack', 'unit']),
  /**
   * How the scan is named: '(01)GTIN(10)batch' for a counted pack; the SSCC, or 'GTIN/serial', for a
   * unit (as the lines' scanned details name it).
   */
  code: z.string().meta({ example: '(01)08881234101853(10)K2807907' }),
  materialNo: z.string(),
  batchNo: z.string().nullable(),
  /** The packs this scan put on the line. */
  packs: z.number(),
  /** Who scanned it: the user's name. */
  user: z.string().meta({ example: 'Lee Local' }),
  /** When, ISO 8601. */
  at: z.string(),
  device: z.string().nullable(),
});
export type CountEntry = z.infer<typeof CountEntry>;

/** A line (merged per material and batch, as the details show it) with its counts, newest first. */
export const CountedLine = z.object({
  lineNo: z.number(),
  materialNo: z.string(),
  materialName: z.string(),
  batchNo: z.string().nullable(),
  quantity: z.number(),
  scannedQuantity: z.number(),
  counts: z.array(CountEntry),
});
export type CountedLine = z.infer<typeof CountedLine>;

/** GET /api/lite/getCounts?moduleType=&docNo= */
export const LiteCountsQuery = LiteDocumentRef;
export const LiteCountsResponse = z.object({ document: LiteDocument, lines: z.array(CountedLine) });
export type LiteCountsResponse = z.infer<typeof LiteCountsResponse>;

/** POST /api/lite/removeCount: `countId` names the scan to take off; `scanId` makes a repeat answer the first answer. */
export const LiteRemoveCountRequest = LiteDocumentRef.extend({
  countId: z.string().min(1).max(64),
  scanId: z.string().min(8).max(64),
}).meta({
  example: { moduleType: 'SCANLITE', docNo: '9100005252', countId: '0d9c7a52-5f0e-4f4f-9d0e-1f7b2c3d4e5f', scanId: 'b7c1d2e3-0003' },
});
export type LiteRemoveCountRequest = z.infer<typeof LiteRemoveCountRequest>;

/** The removal's answer: 'Item removed successfully', the document's lines with their new figures, and the counts left. */
export const LiteRemoveCountResponse = z.object({
  message: z.string().meta({ example: 'Item removed successfully' }),
  document: LiteDocument,
  data: z.array(DocumentLine),
  lines: z.array(CountedLine),
});
export type LiteRemoveCountResponse = z.infer<typeof LiteRemoveCountResponse>;
