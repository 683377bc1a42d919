import { z } from 'zod';
import { APPLICATIONS } from '../permissions.ts';
import { COUNT_REASONS, STOCK_TAKE_STATES } from '../families/stock-take.ts';
import { DOCUMENT_STATUSES } from '../documents.ts';
import { UNIT_STATUSES } from '../units.ts';
import { TEXT_BREAKS } from './common.ts';

/**
 * The stock take (issue 31, decision 0079): a count of a warehouse, or of a material, batch or pallet in
 * it, against a snapshot taken when the count is created. The count is a document of the family COUNT:
 * its scans go through the engine's `POST /api/scanForOperation { docType: 'COUNT', docNo, code, unit,
 * idType, scanId }` (the same body, answer and offline queue as every family); these are its own paths.
 * Every path takes the area as the other routes do (`?area=RDC|LDC`). Shared by the server and the web.
 *
 * Blind counts: with `blind: true`, an answer to a caller without ApproveCount carries no expected
 * figure (`expected`, `missing`, `found`, `movedDuringCount` are left out, and only the lines the caller's
 * count has counted are listed): `view` says which view an answer is.
 */

/** A stock take's number: 'ST' and eight digits, issued by the server in order (document_counters 'ST'). */
export const StockTakeNo = z
  .string()
  .regex(/^ST\d{8}$/, "'ST' and 8 digits")
  .meta({ example: 'ST00000001' });
export type StockTakeNo = z.infer<typeof StockTakeNo>;

const MaterialNo = z.string().min(1).max(40);
const BatchNo = z.string().min(1).max(40);
const Sscc = z.string().regex(/^\d{18}$/, '18 digits');
const WarehouseNo = z.string().min(1).max(20);

/** What is counted: the whole warehouse, or the units of a material, of a batch of it, or under one pallet or carton. */
export const StockTakeScope = z
  .object({
    materialNo: MaterialNo.optional(),
    /** Only with `materialNo`: a batch number is the material's. */
    batchNo: BatchNo.optional(),
    /** A pallet or carton of the warehouse: everything under it. */
    sscc: Sscc.optional(),
  })
  .strict();
export type StockTakeScope = z.infer<typeof StockTakeScope>;

/** POST /api/stockTakes: creates the count and takes its snapshot. */
export const CreateStockTakeRequest = z
  .object({
    warehouseNo: WarehouseNo,
    scope: StockTakeScope.default({}),
    blind: z.boolean(),
  })
  .strict();
export type CreateStockTakeRequest = z.infer<typeof CreateStockTakeRequest>;

export const CreateStockTakeResponse = z.object({
  number: StockTakeNo,
  message: z.string(),
  /** Units of the snapshot, every level (pallets, cartons, packs); 0 for a blind count seen by a counter. */
  snapshotUnits: z.number().optional(),
});
export type CreateStockTakeResponse = z.infer<typeof CreateStockTakeResponse>;

/** The path parameter of every /api/stockTakes/{no} path. */
export const StockTakeParams = z.object({ no: StockTakeNo });

export const StockTakeState = z.enum(STOCK_TAKE_STATES);
export type StockTakeState = z.infer<typeof StockTakeState>;

export const CountReason = z.enum(COUNT_REASONS);
export type CountReason = z.infer<typeof CountReason>;

/** A line's reason for its difference: one of the list; 'OTHER' with its text. */
export const LineReason = z
  .object({
    materialNo: MaterialNo,
    batchNo: BatchNo.nullable(),
    reason: CountReason,
    /** Required with OTHER (1 to 200 characters), ignored otherwise. */
    text: z.string().max(200).meta(TEXT_BREAKS).optional(),
  })
  .strict();
export type LineReason = z.infer<typeof LineReason>;

/** A unit counted that the snapshot did not hold, with where and in what state the system had it. */
export const FoundUnit = z.object({
  /** The SSCC of a pallet or carton; 'GTIN/serial' of a pack (unitId). */
  id: z.string(),
  expectedWarehouseNo: z.string().nullable(),
  expectedStatus: z.enum(UNIT_STATUSES),
});
export type FoundUnit = z.infer<typeof FoundUnit>;

/** A unit another document scanned or moved while the count ran: neither missing nor found. */
export const MovedUnit = z.object({
  id: z.string(),
  /** The document that last scanned it since the snapshot; null when none did (it left the warehouse otherwise). */
  docType: z.string().nullable(),
  docNo: z.string().nullable(),
});
export type MovedUnit = z.infer<typeof MovedUnit>;

/** One material and batch of the count. Expected figures only in the full view. */
export const StockTakeLine = z.object({
  materialNo: z.string(),
  materialName: z.string().nullable(),
  batchNo: z.string().nullable(),
  /** Packs of the snapshot on this line, less those moved during the count. Full view only. */
  expected: z.number().optional(),
  /** Packs counted on this line (the current round), less those moved during the count. */
  counted: z.number(),
  /** Packs expected and not counted: 'GTIN/serial' each. Full view only. */
  missing: z.array(z.string()).optional(),
  /** Packs counted that the snapshot did not hold. Full view only. */
  found: z.array(FoundUnit).optional(),
  /** Packs of the line another document scanned or moved since the snapshot. Full view only. */
  movedDuringCount: z.array(MovedUnit).optional(),
  /** Recounts of the line so far (0: counted once). */
  round: z.number(),
  /** The reason given at completion, when the line has one. */
  reason: z.object({ reason: CountReason, text: z.string().nullable() }).nullable(),
});
export type StockTakeLine = z.infer<typeof StockTakeLine>;

export const StockTakeSummary = z.object({
  number: StockTakeNo,
  warehouseNo: z.string(),
  area: z.enum(APPLICATIONS),
  scope: StockTakeScope,
  blind: z.boolean(),
  /** COUNTING (scans taken), COMPLETED (reasons given, waiting for approval), APPROVED (stock adjusted). */
  state: StockTakeState,
  /** The document's status as every list shows it: Open, In Progress (counting or waiting for approval), Completed (approved). */
  status: z.enum(DOCUMENT_STATUSES),
  snapshotAt: z.string(),
  createdBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
});
export type StockTakeSummary = z.infer<typeof StockTakeSummary>;

/** GET /api/stockTakes/{no}, and the answer of recount, complete and approve. */
export const StockTakeDetails = z.object({
  stockTake: StockTakeSummary,
  /** 'full': expected figures included; 'blind': a counter's view of a blind count, only what was counted. */
  view: z.enum(['full', 'blind']),
  lines: z.array(StockTakeLine),
  /** Pallets and cartons of the snapshot not counted (their SSCCs). Full view only. */
  missingContainers: z.array(z.string()).optional(),
  /** Pallets and cartons counted that the snapshot did not hold. Full view only. */
  foundContainers: z.array(FoundUnit).optional(),
});
export type StockTakeDetails = z.infer<typeof StockTakeDetails>;

/** POST /api/stockTakes/{no}/recount: the counted units of one line are cleared so it is counted again. */
export const RecountRequest = z.object({ materialNo: MaterialNo, batchNo: BatchNo.nullable() }).strict();
export type RecountRequest = z.infer<typeof RecountRequest>;

/** POST /api/stockTakes/{no}/complete: a reason for every line with a difference. */
export const CompleteStockTakeRequest = z.object({ reasons: z.array(LineReason).max(10_000).default([]) }).strict();
export type CompleteStockTakeRequest = z.infer<typeof CompleteStockTakeRequest>;

/** The answer of recount, complete and approve: the message and the count as it now stands. */
export const StockTakeActionResponse = z.object({
  message: z.string(),
  details: StockTakeDetails,
});
export type StockTakeActionResponse = z.infer<typeof StockTakeActionResponse>;

/** POST /api/stockTakes/{no}/approve: the adjustments made, in one transaction. */
export const ApproveStockTakeResponse = StockTakeActionResponse.extend({
  adjusted: z.object({
    /** Units set MISSING (every level). */
    missing: z.number(),
    /** Units moved into the warehouse as ACTIVE (every level). */
    found: z.number(),
  }),
});
export type ApproveStockTakeResponse = z.infer<typeof ApproveStockTakeResponse>;
