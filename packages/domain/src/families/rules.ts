import { MULTIPLE_PLACEHOLDER } from '../units.ts';
import type { FamilyEntry, RuleInput, ScanRule, ScanUnit } from './family.ts';

/**
 * Rules a family lists (spec point 5 and docs/inventory-states.md): pure functions of the unit
 * tree, the document and today. Each answers a refusal, a warning, or nothing.
 */

/** Whether a unit's status and reason are among those the family may scan. */
export function isScannable(family: FamilyEntry, unit: Pick<ScanUnit, 'status' | 'reason'>): boolean {
  return family.scannable.some((s) => s.status === unit.status && s.reasons.includes(unit.reason));
}

/** How a refusal names a unit's state: 'ACTIVE / WAREHOUSE RECEIVED'. */
export function stateText(unit: Pick<ScanUnit, 'status' | 'reason'>): string {
  return `${unit.status} / ${unit.reason ?? ''}`;
}

/**
 * Only full bundles (spec point 5: scrapping, dispatch, return, transfer and RTP): a pack inside a
 * bundle is not taken alone, and a bundle with a pack that cannot go with it (taken out before, or in
 * another state) is refused; loose packs are added with 'Add Pack'.
 */
export const fullBundlesOnly: ScanRule = {
  stage: 'tree',
  check: ({ family, root, tree, parent }: RuleInput) => {
    if (parent?.type === 'BUN') return { refusal: { status: 422, code: 'PACK_IN_BUNDLE', params: { bundle: parent.label } } };
    if (root.type !== 'BUN') return undefined;
    const packs = tree.filter((u) => u.type === 'EA');
    if (packs.length === 0 || packs.some((p) => !isScannable(family, p))) {
      return { refusal: { status: 422, code: 'BUNDLE_NOT_FULL', params: { bundle: root.label } } };
    }
    return undefined;
  },
};

/** A pack whose expiry date has passed is not dispatched (GDP: expired stock leaves only to be destroyed). */
export const notExpired: ScanRule = {
  stage: 'stock',
  check: ({ tree, today }: RuleInput) => {
    const expired = tree.find((u) => u.type === 'EA' && u.expiry !== null && u.expiry < today);
    if (!expired) return undefined;
    return { refusal: { status: 422, code: 'PACK_EXPIRED', params: { id: expired.label, expiry: expired.expiry! } } };
  },
};

/**
 * First expiry, first out: when an older-expiring batch of the same material is in saleable stock of
 * the warehouse, the scan is accepted with a warning naming that batch.
 */
export const firstExpiryFirstOut: ScanRule = {
  stage: 'stock',
  check: ({ olderStock }: RuleInput) => {
    const older = olderStock[0];
    if (!older) return undefined;
    return {
      warning: { code: 'FEFO_OLDER_BATCH', params: { materialNo: older.materialNo, batchNo: older.batchNo, expiry: older.expiry } },
    };
  },
};

/** The materials of a refusal: one by its number, several as '*Multiple...' (spec point 3). */
export function materialsText(materialNos: readonly string[]): string {
  const distinct = [...new Set(materialNos)];
  return distinct.length === 1 ? distinct[0]! : MULTIPLE_PLACEHOLDER;
}
