import { z } from 'zod';
import { ScanCode } from './common.ts';
import { DocumentLine, DocumentStatus, DocumentType } from './inventory.ts';

/**
 * Redress (RRD) calls of issue 17's fixed API contract (decision 0036). Every call takes `?area=LDC`
 * and answers errors as the rest of the API.
 */
const PoNo = z.string().min(1).max(40);
const ScanId = z.string().min(8).max(56);

/** POST /api/validateBPR: validates and saves the PO's BPR No. */
export const ValidateBprRequest = z.object({ poNo: PoNo, bprNo: z.string().max(100) });
export const ValidateBprResponse = z.object({
  message: z.string(),
  document: z.object({ number: z.string(), status: DocumentStatus, bprNo: z.string() }),
});

/** A carton label as spec point 3 names its fields; `visibleQty` is what the carton holds so far. */
export const CartonLabel = z.object({
  id: z.string(),
  cartonCode: z.string(),
  materialNo: z.string(),
  batchNo: z.string(),
  qty: z.number(),
  visibleQty: z.number(),
  bprNo: z.string(),
});
export type CartonLabel = z.infer<typeof CartonLabel>;

/** POST /api/validateRRDLabel: reads a scanned carton label and records it on the PO. */
export const ValidateLabelRequest = z.object({ poNo: PoNo, code: ScanCode });

export const SCAN_TYPES = ['SERIES', 'NON_SERIES'] as const;
/** POST /api/scanSeries: a pack's serial (SERIES, `code`) or a count of packs without serials (NON_SERIES, `quantity`). */
export const ScanSeriesRequest = z.object({
  poNo: PoNo,
  cartonCode: z.string().min(1).max(40),
  scanType: z.enum(SCAN_TYPES),
  code: ScanCode.optional(),
  quantity: z.number().optional(),
  scanId: ScanId,
});
export type ScanSeriesRequest = z.infer<typeof ScanSeriesRequest>;

export const RedressScanResponse = z.object({
  scanId: z.string(),
  accepted: z.literal(true),
  packs: z.number(),
  /** The pack scanned (GTIN/serial), or none for a count. */
  unit: z.string().nullable(),
  carton: CartonLabel,
  document: z.object({ status: DocumentStatus }),
  data: z.array(DocumentLine),
});
export type RedressScanResponse = z.infer<typeof RedressScanResponse>;

/** POST /api/replacePack: the raw scans of the pack taken out and of the pack put in its place. */
export const ReplacePackRequest = z.object({
  poNo: PoNo,
  from: ScanCode,
  to: ScanCode,
  scanId: ScanId,
});
export const ReplacePackResponse = RedressScanResponse.extend({ replaced: z.string() });

/** POST /api/reopenDocument: a completed document of a family that may be reopened. */
export const ReopenRequest = z.object({ docType: DocumentType, docNo: PoNo });
export const ReopenResponse = z.object({
  message: z.string(),
  document: z.object({ status: DocumentStatus }),
  /** Units changed since completion (dispatched, status edited): they stay as they are. */
  kept: z.array(z.string()),
  /** Says which units stay as they are, when any do. */
  note: z.string().nullable(),
});

/** GET /api/rrdCartons/{poNo}: the PO's carton labels, each with the packs scanned into it. */
export const CartonsResponse = z.object({
  data: z.array(CartonLabel.extend({ packs: z.array(z.string()), counted: z.number() })),
});
export type CartonsResponse = z.infer<typeof CartonsResponse>;
