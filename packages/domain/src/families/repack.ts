import { BATCH_STATUS_WORDS } from '../batches.ts';
import { heldBatchesIn } from '../rules/held-batch.ts';
import { isLocked } from '../rules/item-status.ts';
import type { RepackState, UnitType } from '../units.ts';
import type { Refusal, ScanUnit } from './family.ts';
import { repack as REPACK } from './registry.ts';
import { unsaleableInTree, unsaleableTarget } from './repack-saleable.ts';

/**
 * Repack's move rules (issue 18, decision 0048), pure: the repack service reads what they need, calls
 * `decideRepackMove` and writes what it answers. A move puts a unit (with its tree: a carton's packs)
 * onto a pallet or carton, or takes it off its parent.
 */

/** What may go on what: a carton on a pallet, a pack or bundle on a carton or a pallet. */
export const REPACK_TARGETS: Readonly<Record<UnitType, readonly UnitType[]>> = {
  PLT: [],
  CTN: ['PLT'],
  EA: ['CTN', 'PLT'],
  BUN: ['CTN', 'PLT'],
};
/** How messages name a unit type. */
export const REPACK_UNIT_NAMES: Readonly<Record<UnitType, string>> = { PLT: 'pallet', CTN: 'carton', EA: 'pack', BUN: 'bundle' };

/** A pallet or carton that holds the unit now or is to take it, with the state of its latest repack (none: never repacked). */
export interface RepackHolder {
  unit: ScanUnit & { sscc: string | null };
  repack: RepackState | null;
  /**
   * An open (not completed) document holding this pallet or carton, a unit it stands in, or a unit
   * inside it: a tree that document still builds or holds, which no repack may change (issue 27).
   */
  openDocument?: { type: string; number: string } | null;
}

export interface RepackMoveInput {
  /** The moved unit's tree, root first. */
  tree: readonly ScanUnit[];
  /** The unit's parent now, or null. */
  from: RepackHolder | null;
  /** Where it goes; null takes it off its parent. */
  to: RepackHolder | null;
  /** The repack the move is made on (repackScanOperation), when it names one: its state and destination. */
  repack?: { state: RepackState; destinationId: string; destinationSscc: string; remove: boolean };
  /** An open (not completed) document of another family holding a unit of the tree. */
  openDocument: { type: string; number: string } | null;
  /** A repack made for a document with lines: the materials of its lines, and its number. */
  reference?: { number: string; materials: readonly string[] };
}

export type RepackMoveDecision = { ok: true; changed: boolean } | { ok: false; refusal: Refusal };

const refuse = (status: 409 | 422, code: Refusal['code'], params?: Record<string, string>): RepackMoveDecision => ({
  ok: false,
  refusal: params ? { status, code, params } : { status, code },
});

/** The params of REPACK_HOLDER_ON_OPEN_DOCUMENT: the document, and the pallet or carton it holds. */
export function holderOnDocument(unit: Pick<ScanUnit, 'type' | 'label'> & { sscc: string | null }, doc: { type: string; number: string }) {
  return { type: doc.type, number: doc.number, unit: REPACK_UNIT_NAMES[unit.type], id: unit.sscc ?? unit.label };
}

/**
 * Whether the move may be made, and the refusal if not, in this order: the repack it is made on must
 * be pending; no open document of another family may hold the tree (it names the document, and its
 * scan may also have locked the units); no open document may hold the tree of the pallet or carton
 * the unit leaves or joins (`RepackHolder.openDocument`: a carton a document is still filling); no
 * unit of the tree may be locked; a pallet or carton the unit leaves or joins must not have a
 * completed latest repack; taking off: the unit must be on the
 * repack's destination; putting on: the target must take that unit type, not be inside the unit, not
 * be locked, be in the same warehouse; a repack for a document takes only that document's materials.
 * Putting on also takes only saleable stock, by dispatch's rule (the tree after the lock check, the
 * target after its own; `repack-saleable.ts`, decision 0062), and no pack of a batch on hold or
 * recalled when the repack family refuses held batches (`heldInTree`, issue 30, decision 0072).
 */
export function decideRepackMove(input: RepackMoveInput): RepackMoveDecision {
  const root = input.tree[0];
  if (!root) throw new Error('decideRepackMove: empty tree');
  const { from, to, repack } = input;
  if (repack && repack.state !== 'REPACK_PENDING') return refuse(409, 'REPACK_NOT_PENDING', { sscc: repack.destinationSscc });
  if (input.openDocument) return refuse(409, 'REPACK_ON_OPEN_DOCUMENT', input.openDocument);
  for (const h of [from, to]) {
    if (h?.openDocument) return refuse(409, 'REPACK_HOLDER_ON_OPEN_DOCUMENT', holderOnDocument(h.unit, h.openDocument));
  }
  for (const u of input.tree) {
    if (isLocked(u.status, u.reason)) return refuse(422, 'REPACK_ITEM_LOCKED', { status: u.status, reason: u.reason ?? '-' });
  }
  const unsaleable = to ? unsaleableInTree(input.tree) : undefined;
  if (unsaleable) return { ok: false, refusal: unsaleable };
  const held = to ? heldInTree(input.tree) : undefined;
  if (held) return { ok: false, refusal: held };
  for (const holder of [from, to]) {
    if (holder?.repack === 'REPACK_COMPLETE') return refuse(409, 'REPACK_NOT_PENDING', { sscc: holder.unit.sscc ?? holder.unit.label });
  }
  if (repack?.remove && from?.unit.id !== repack.destinationId) {
    return refuse(422, 'REPACK_NOT_ON_DESTINATION', { sscc: repack.destinationSscc });
  }
  if (to) {
    const target = to.unit;
    if (!REPACK_TARGETS[root.type].includes(target.type)) {
      return refuse(422, 'REPACK_NOT_A_TARGET', { unit: REPACK_UNIT_NAMES[root.type], target: REPACK_UNIT_NAMES[target.type] });
    }
    if (input.tree.some((u) => u.id === target.id)) return refuse(422, 'REPACK_INTO_ITSELF');
    if (isLocked(target.status, target.reason)) {
      return refuse(422, 'REPACK_ITEM_LOCKED', { status: target.status, reason: target.reason ?? '-' });
    }
    const notSaleable = unsaleableTarget(target);
    if (notSaleable) return { ok: false, refusal: notSaleable };
    if (root.warehouseNo !== target.warehouseNo) {
      return refuse(422, 'OTHER_WAREHOUSE', { warehouseNo: root.warehouseNo ?? '-', documentWarehouse: target.warehouseNo ?? '-' });
    }
    if (input.reference) {
      const allowed = new Set(input.reference.materials);
      const other = input.tree.find((u) => u.materialNo !== null && !allowed.has(u.materialNo));
      if (other) return refuse(422, 'REPACK_NOT_ON_REFERENCE', { materialNo: other.materialNo!, referenceNo: input.reference.number });
    }
  }
  return { ok: true, changed: (to?.unit.id ?? null) !== (from?.unit.id ?? null) };
}

/**
 * The refusal when the moved tree (root first) holds a pack of a batch on hold or recalled and the
 * repack family refuses held batches (its `heldBatch`, issue 30, decision 0072), else undefined. It
 * names the first such pack's batch and status. Only putting on is checked: a held pack may always be
 * taken off a pallet or carton, as damaged stock may (decision 0062).
 */
export function heldInTree(tree: readonly ScanUnit[]): Refusal | undefined {
  if (REPACK.heldBatch !== 'refuse') return undefined;
  const [pack] = heldBatchesIn(tree);
  if (!pack) return undefined;
  return {
    status: 422,
    code: 'BATCH_HELD_REPACK',
    params: { batchNo: pack.batchNo ?? '-', materialNo: pack.materialNo ?? '-', status: BATCH_STATUS_WORDS[pack.batchStatus] },
  };
}
