import { z } from 'zod';
import { BATCH_STATUSES } from '../batches.ts';
import { APPLICATIONS } from '../permissions.ts';
import { TEXT_BREAKS, ScanCode } from './common.ts';

/**
 * A batch's status and whereabouts (issue 30, decision 0070). Every call takes `?area=RDC|LDC` as the
 * other routes and answers errors as the rest of the API. Material and batch numbers are path
 * segments, URL-encoded by the client (a batch number may hold '/' or '.').
 */
const MaterialNo = z.string().min(1).max(40);
const BatchNo = z.string().min(1).max(40);
export const BatchStatus = z.enum(BATCH_STATUSES);

/** PUT /api/batches/{materialNo}/{batchNo}/status: hold, release or recall, with the reason. */
export const SetBatchStatusRequest = z.object({
  status: BatchStatus,
  reason: z.string().min(1).max(500).meta(TEXT_BREAKS),
});
export type SetBatchStatusRequest = z.infer<typeof SetBatchStatusRequest>;

/** What the change covers: every unit of the batch (packs and the pallets and cartons holding them), per warehouse. */
export const SetBatchStatusResponse = z.object({
  status: BatchStatus,
  /** Units of the batch now covered (packs, and the pallets and cartons that hold them). */
  units: z.number(),
  /** The warehouses holding them. */
  warehouses: z.array(z.string()),
  /** The catalogue's BATCH_STATUS_SET sentence. */
  message: z.string(),
});
export type SetBatchStatusResponse = z.infer<typeof SetBatchStatusResponse>;

/** POST /api/batches/lookup: the batch a scanned or typed pack code names (GTIN + batch, or GTIN + serial of a known pack). */
export const BatchLookupRequest = z.object({ code: ScanCode });
export const BatchLookupResponse = z.object({ materialNo: MaterialNo, batchNo: BatchNo });
export type BatchLookupResponse = z.infer<typeof BatchLookupResponse>;

export const WhereaboutsWarehouse = z.object({
  warehouseNo: z.string(),
  area: z.enum(APPLICATIONS),
  /** Packs of the batch in this warehouse. */
  units: z.number(),
  /** SSCCs of the pallets and cartons holding a pack of the batch. */
  pallets: z.array(z.string()),
  cartons: z.array(z.string()),
  /** Packs of the batch in no pallet or carton. */
  looseUnits: z.number(),
});

/** GET /api/batches/{materialNo}/{batchNo}/whereabouts (`?format=csv`: one row per unit, with a header row). */
export const WhereaboutsResponse = z.object({
  materialNo: MaterialNo,
  batchNo: BatchNo,
  status: BatchStatus,
  /** The reason, who and when of the last change; none for a batch never held. */
  change: z.object({ reason: z.string(), by: z.string(), at: z.string() }).nullable(),
  /** Packs of the batch by where they are: in stock (on hand in a warehouse), in transit, dispatched, decommissioned, returned. */
  totals: z.object({
    inStock: z.number(),
    inTransit: z.number(),
    dispatched: z.number(),
    decommissioned: z.number(),
    returned: z.number(),
  }),
  warehouses: z.array(WhereaboutsWarehouse),
  openDocuments: z.array(z.object({ docType: z.string(), docNo: z.string(), units: z.number() })),
  dispatched: z.array(
    z.object({ docType: z.string(), docNo: z.string(), partner: z.string().nullable(), completedAt: z.string(), units: z.number() }),
  ),
});
export type WhereaboutsResponse = z.infer<typeof WhereaboutsResponse>;

/** The path of every batch call: the material and batch numbers, URL-decoded. */
export const BatchParams = z.object({ materialNo: MaterialNo, batchNo: BatchNo });

/** GET whereabouts: JSON (default) or `format=csv`, one row per unit. */
export const WhereaboutsQuery = z.object({
  area: z.enum(APPLICATIONS).default('RDC'),
  format: z.enum(['json', 'csv']).default('json'),
});

/**
 * The whereabouts CSV's header row, one column a field of each unit: its SSCC (pallet, carton) or
 * serial (pack, bundle), its GTIN, its level (PLT, CTN, BUN, EA), the SSCC (or GTIN/serial) of its
 * parent, its warehouse, status and reason, and the last document it was scanned on (or expected by).
 */
export const WHEREABOUTS_CSV_HEADER = [
  'Serial or SSCC',
  'GTIN',
  'Level',
  'Parent',
  'Warehouse',
  'Status',
  'Reason',
  'Last document',
] as const;
