import { BATCH_STATUS_WORDS, HELD_BATCH_REASONS, type HeldBatchStatus } from '../batches.ts';
import type { FamilyEntry, Refusal, UnitState } from '../families/family.ts';

/**
 * What a document's completion does with the packs on it whose batch is on hold or recalled (issue 30,
 * decision 0071). Pure: the server counts those packs per batch in the completion's transaction and
 * writes what this answers. The scan refused them already; these are packs scanned before the batch
 * was held (a refusing family) or received with the warning (receiving). A counted family (ScanLite)
 * gives its packs counted per batch, scans less reverses (decision 0072): the same shape, no unit.
 */

/** The packs of one held or recalled batch on the document, as the completion counted them. */
export interface HeldOnDocument {
  materialNo: string;
  batchNo: string;
  status: HeldBatchStatus;
  packs: number;
}

export type HeldBatchCompletion =
  /** A refusing family's document holds a pack of the batch: not completed until the pack is deleted from it. */
  | { ok: false; refusal: Refusal }
  /** Completed; the packs of each batch listed take `state` instead of the family's completed state (receiving: quarantine). */
  | { ok: true; quarantine: { materialNo: string; batchNo: string; status: HeldBatchStatus; state: UnitState }[] };

/**
 * 'refuse': the first batch (by material and batch number) is named, with its status and how many of its
 * packs are on the document; 'quarantine': each batch's packs go into QUARANTINE with the reason 'ON HOLD'
 * or 'RECALLED'; 'accept': nothing changes.
 */
export function heldBatchCompletion(heldBatch: FamilyEntry['heldBatch'], held: readonly HeldOnDocument[]): HeldBatchCompletion {
  if (heldBatch === 'accept' || held.length === 0) return { ok: true, quarantine: [] };
  const batches = [...held].sort((a, b) => a.materialNo.localeCompare(b.materialNo) || a.batchNo.localeCompare(b.batchNo));
  if (heldBatch === 'refuse') {
    const first = batches[0]!;
    return {
      ok: false,
      refusal: {
        status: 422,
        code: 'BATCH_HELD_ON_DOCUMENT',
        params: {
          materialNo: first.materialNo,
          batchNo: first.batchNo,
          status: BATCH_STATUS_WORDS[first.status],
          count: String(first.packs),
        },
      },
    };
  }
  return {
    ok: true,
    quarantine: batches.map((b) => ({
      materialNo: b.materialNo,
      batchNo: b.batchNo,
      status: b.status,
      state: { status: 'QUARANTINE', reason: HELD_BATCH_REASONS[b.status] },
    })),
  };
}
