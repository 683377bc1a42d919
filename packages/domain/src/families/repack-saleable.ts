import { UNIT_LABELS } from '../units.ts';
import type { Refusal, ScanUnit } from './family.ts';
import { dispatch } from './registry.ts';
import { isScannable, stateText } from './rules.ts';

/**
 * Repack takes only what dispatch would take (issue 27, decision 0062): a unit put onto a pallet or
 * carton, every unit inside it, and the pallet or carton it goes onto must be in a state the dispatch
 * family may scan (its `scannable`, the states of saleable stock), or a later dispatch of that pallet
 * or carton refuses it. The rule is dispatch's own (`isScannable(dispatch, …)`), not a copy, and the
 * refusal names the state as dispatch names it ('DAMAGED / REDRESSED'). Taking a unit off is not
 * checked: damaged or quarantined stock may always be taken out of a pallet or carton.
 */

const lower = (u: Pick<ScanUnit, 'type'>) => UNIT_LABELS[u.type].toLowerCase();

/** The refusal when the moved tree (root first) holds a unit dispatch would not take, else undefined. */
export function unsaleableInTree(tree: readonly ScanUnit[]): Refusal | undefined {
  const root = tree[0];
  if (!root) return undefined;
  if (!isScannable(dispatch, root)) return { status: 422, code: 'REPACK_NOT_SALEABLE', params: { status: stateText(root) } };
  const inside = tree.find((u) => !isScannable(dispatch, u));
  if (!inside) return undefined;
  return {
    status: 422,
    code: 'REPACK_NOT_SALEABLE_INSIDE',
    params: { unit: lower(root), inner: lower(inside), id: inside.label, status: stateText(inside) },
  };
}

/** The refusal when the pallet or carton a unit goes onto is not saleable stock itself, else undefined. */
export function unsaleableTarget(target: ScanUnit & { sscc: string | null }): Refusal | undefined {
  if (isScannable(dispatch, target)) return undefined;
  return {
    status: 422,
    code: 'REPACK_TARGET_NOT_SALEABLE',
    params: { unit: lower(target), id: target.sscc ?? target.label, status: stateText(target) },
  };
}
