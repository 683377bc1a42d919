/** Unit types, statuses and reasons (spec point 3). */
export const UNIT_TYPES = ['PLT', 'CTN', 'EA', 'BUN'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** The type order is PLT, CTN, EA (spec point 3). */
export const UNIT_TYPE_ORDER: readonly UnitType[] = ['PLT', 'CTN', 'EA'];

export const UNIT_LABELS: Record<UnitType, string> = {
  PLT: 'Pallet',
  CTN: 'Carton',
  EA: 'Pack',
  // A bundle is shown as 'Pack' when grouped (spec point 1).
  BUN: 'Pack',
};

export const ADD_UNIT_LABELS: Record<UnitType, string> = {
  PLT: 'Add Pallet',
  CTN: 'Add Carton',
  EA: 'Add Pack',
  BUN: 'Add Bundle',
};

// MISSING is ours (issue 31, decision 0079): a unit of the warehouse a stock take did not find, set at its
// approval; out of stock, scanned by no family but a later count, which finds it (ACTIVE again).
export const ITEM_STATUSES = [
  'ACTIVE',
  'QUARANTINE',
  'EXPIRED',
  'SHORTAGE',
  'PENDING',
  'DAMAGED',
  'DESTROYED',
  'TRANSIT',
  'MISSING',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** The edit-status picker (spec point 3) also offers RETAINED. */
export const EDITABLE_STATUSES = ['ACTIVE', 'DAMAGED', 'QUARANTINE', 'SHORTAGE', 'EXPIRED', 'RETAINED'] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** Every status a unit can hold: the item statuses, RETAINED (set by an edit), INACTIVE (lock check). */
export const UNIT_STATUSES = [...ITEM_STATUSES, 'RETAINED', 'INACTIVE'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

// 'ON HOLD' and 'RECALLED': a pack of a held or recalled batch received into quarantine (issue 30, decision 0070).
// 'PENDING VERIFICATION' and 'VERIFICATION FAILED': a pack scanned by a family that verifies its packs (a
// return, issue 28) held in quarantine until its national system answers, or because it did not verify it.
export const ITEM_REASONS = [
  'WAREHOUSE RECEIVED',
  'RETURNED',
  'OTHER',
  'DISPATCHED',
  'PENDING GR',
  'REDRESSED',
  'ON HOLD',
  'RECALLED',
  'PENDING VERIFICATION',
  'VERIFICATION FAILED',
] as const;
export type ItemReason = (typeof ITEM_REASONS)[number];

/**
 * The states a pack's national verification holds it in (issue 28): waiting for the system's answer, or
 * not verified by it. The answer moves a held pack, never a completion or a status edit; a pack not
 * verified leaves quarantine only by scrapping or return to principal (families/registry.ts, ON_HAND).
 */
export const PENDING_VERIFICATION = { status: 'QUARANTINE', reason: 'PENDING VERIFICATION' } as const satisfies {
  status: UnitStatus;
  reason: ItemReason;
};
export const VERIFICATION_FAILED = { status: 'QUARANTINE', reason: 'VERIFICATION FAILED' } as const satisfies {
  status: UnitStatus;
  reason: ItemReason;
};

export const ID_TYPES = ['GS1', 'NON_GS1'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const SCAN_TYPES = ['SERIES', 'NON_SERIES'] as const;
export type ScanType = (typeof SCAN_TYPES)[number];

export const REPACK_STATES = ['REPACK_PENDING', 'REPACK_COMPLETE'] as const;
export type RepackState = (typeof REPACK_STATES)[number];

/** Shown for an item with more than one material (spec point 3). */
export const MULTIPLE_PLACEHOLDER = '*Multiple...';
