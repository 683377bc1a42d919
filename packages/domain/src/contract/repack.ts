import { z } from 'zod';
import { ScanCode } from './common.ts';

/**
 * Repack as a document family (issue 18, decision 0048): a repack builds or breaks one destination
 * pallet or carton. It is REPACK_PENDING while units are scanned onto or off the destination and
 * REPACK_COMPLETE once completed; each move is recorded on it (source pallet, who, when), and its
 * completion keeps the EPCIS AggregationEvents of the moves. Shared by the server and the web.
 */

const Sscc = z.string().regex(/^\d{18}$/, '18 digits');
/** A repack's number: 'RP' and eight digits, issued by the server. */
export const RepackNo = z.string().regex(/^RP\d{8}$/, "'RP' and 8 digits");
const Code = ScanCode;
const ScanId = z.string().min(1).max(64);
/** A reference document (the local 'Repack with document' dialog): letters, digits and - / . (decision 0004). */
const ReferenceNo = z
  .string()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9./-]+$/, 'letters, digits and - / .');

export const REPACK_STATES = ['REPACK_PENDING', 'REPACK_COMPLETE'] as const;
export const RepackState = z.enum(REPACK_STATES);
export type RepackState = z.infer<typeof RepackState>;

const UnitType = z.enum(['PLT', 'CTN', 'EA', 'BUN']);

/** A unit as the repack pages show it: a pallet or carton by SSCC, a pack by GTIN and serial. */
export const RepackUnit = z.object({
  /** The SSCC of a pallet or carton; 'GTIN/serial' of a pack or bundle (unitId, as every page names it). */
  id: z.string(),
  type: UnitType,
  materialNo: z.string().nullable(),
  /** The material's name, or '*Multiple...' when the unit holds more than one material. */
  materialName: z.string().nullable(),
  batchNo: z.string().nullable(),
  /** ISO date YYYY-MM-DD. */
  expiry: z.string().nullable(),
  /** The packs in it (1 for a pack). */
  packs: z.number().int(),
  /** The SSCC of the pallet or carton it stands on now, or null. */
  parent: z.string().nullable(),
});
export type RepackUnit = z.infer<typeof RepackUnit>;

/** A repack document: the answer of every repack path but handleRepackCode and validateHU. */
export const RepackView = z.object({
  repackNo: RepackNo,
  state: RepackState,
  warehouseNo: z.string(),
  destination: z.object({ sscc: Sscc, type: z.enum(['PLT', 'CTN']) }),
  /** Spec point 3 ('Repack: source pallet SSCC'): the pallets and cartons the moved units came from, first first. */
  sourceSsccs: z.array(z.string()),
  /** The document the repack is made for (local 'Repack with document'), or null. */
  referenceNo: z.string().nullable(),
  /** What stands directly on the destination now, most recently added first. */
  contents: z.array(RepackUnit),
  /** Packs on the destination now, at every depth. */
  packs: z.number().int(),
  /** Moves recorded on the repack (a unit scanned on and off again counts twice). */
  moves: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type RepackView = z.infer<typeof RepackView>;

/**
 * POST /api/repackScan: opens the repack of a scanned pallet or carton (its raw scan, an SSCC), or
 * answers its pending repack. With `referenceNo` the repack is made for that document.
 */
export const RepackScanRequest = z.object({ code: Code, referenceNo: ReferenceNo.optional() });
export type RepackScanRequest = z.infer<typeof RepackScanRequest>;

/**
 * POST /api/repackScanOperation: the scanned unit (raw scan) onto the repack's destination, or off it
 * with `remove`. A repeated `scanId` answers the first answer and moves nothing.
 */
export const RepackScanOperationRequest = z.object({
  repackNo: RepackNo,
  code: Code,
  scanId: ScanId,
  remove: z.boolean().optional(),
});
export type RepackScanOperationRequest = z.infer<typeof RepackScanOperationRequest>;
/**
 * The pallet, carton or bundle a move took the unit out of, when that is not the repack's destination
 * (issue 27): its id as the pages name it, its type, the packs left in it, and the catalogue's sentence
 * saying so ('Taken out of carton … : 2 packs left in it.').
 */
export const TakenFrom = z.object({ id: z.string(), type: UnitType, packs: z.number().int(), message: z.string() });
export type TakenFrom = z.infer<typeof TakenFrom>;
export const RepackScanOperationResponse = z.object({
  scanId: z.string(),
  moved: RepackUnit,
  /** Where the unit was taken out of, or null (it stood on its own, or came off the destination). */
  takenFrom: TakenFrom.nullable(),
  repack: RepackView,
});
export type RepackScanOperationResponse = z.infer<typeof RepackScanOperationResponse>;

/** POST /api/handleRepackCode: what a scanned code is, and whether it may be repacked (and if not, why). */
export const HandleRepackCodeRequest = z.object({ code: Code });
export const HandleRepackCodeResponse = z.object({
  unit: RepackUnit,
  movable: z.boolean(),
  /** The refusal a move would get (code and the catalogue's text), when not movable. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type HandleRepackCodeResponse = z.infer<typeof HandleRepackCodeResponse>;

/** POST /api/validateHU: whether an SSCC may be a repack's destination: a pallet or carton of the area, not locked. */
export const ValidateHuRequest = z.object({ sscc: Sscc });
export const ValidateHuResponse = z.object({
  unit: RepackUnit,
  /** The pending repack of it, when one is open. */
  repackNo: RepackNo.nullable(),
});
export type ValidateHuResponse = z.infer<typeof ValidateHuResponse>;

/** POST /api/repackCompleteOperator: the local completion, by repack number ('Repacking completed successfully!'). */
export const RepackCompleteOperatorRequest = z.object({ repackNo: RepackNo });
export const RepackCompletedResponse = z.object({ message: z.string(), repack: RepackView });
export type RepackCompletedResponse = z.infer<typeof RepackCompletedResponse>;
