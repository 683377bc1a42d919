import { BATCH_STATUS_WORDS, isHeld } from '../batches.ts';
import type { Refusal, ScanUnit, Warning } from '../families/family.ts';
import { UNIT_LABELS } from '../units.ts';

/**
 * A batch on hold or recalled stops its stock moving (issue 30, decision 0070). Pure: the tree's packs
 * carry their batch's status (`batchStatus`), read with them in the scan's transaction.
 */

/** The packs of the tree (root first) whose batch is on hold or recalled, one per batch. */
export function heldBatchesIn(tree: readonly ScanUnit[]): ScanUnit[] {
  const seen = new Set<string>();
  const held: ScanUnit[] = [];
  for (const u of tree) {
    if (!isHeld(u.batchStatus)) continue;
    const key = `${u.materialNo ?? ''}\u0000${u.batchNo ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    held.push(u);
  }
  return held;
}

/**
 * The refusal of a tree holding a pack of a held batch, or undefined: a pack names its own batch
 * (BATCH_HELD); a pallet or carton names the batch of the first such pack inside it (BATCH_HELD_INSIDE).
 */
export function heldBatchRefusal(tree: readonly ScanUnit[]): Refusal | undefined {
  const root = tree[0];
  const pack = heldBatchesIn(tree)[0];
  if (!root || !pack) return undefined;
  const params = { materialNo: pack.materialNo ?? '-', batchNo: pack.batchNo ?? '-', status: BATCH_STATUS_WORDS[pack.batchStatus] };
  if (root.type === 'EA' || root.type === 'BUN' || root.id === pack.id) return { status: 422, code: 'BATCH_HELD', params };
  return { status: 422, code: 'BATCH_HELD_INSIDE', params: { ...params, unit: UNIT_LABELS[root.type].toLowerCase() } };
}

/** Receiving a held batch: one warning per batch, saying the packs go into quarantine. */
export function heldBatchWarnings(tree: readonly ScanUnit[]): Warning[] {
  return heldBatchesIn(tree).map((p) => ({
    code: 'BATCH_HELD_QUARANTINE',
    params: { materialNo: p.materialNo ?? '-', batchNo: p.batchNo ?? '-', status: BATCH_STATUS_WORDS[p.batchStatus] },
  }));
}
