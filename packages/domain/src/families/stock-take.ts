import type { UnitStatus, UnitType, ItemReason } from '../units.ts';
import { inStockState } from '../rules/ledger.ts';

/**
 * The stock take (issue 31, decision 0079): pure rules. A count's snapshot holds the units in scope of
 * the warehouse when it was created; counting records which units were seen, changing none; the variance
 * compares the two per material and batch; approval sets the missing ones MISSING and moves the found ones
 * into the warehouse. The server reads and writes, these decide.
 */

/** COUNTING (being counted), COMPLETED (reasons given, waiting for a second person), APPROVED (stock adjusted). */
export const STOCK_TAKE_STATES = ['COUNTING', 'COMPLETED', 'APPROVED'] as const;
export type StockTakeStateCode = (typeof STOCK_TAKE_STATES)[number];

/** The reasons a line's difference may have (issue 31); OTHER takes a text. */
export const COUNT_REASONS = ['DAMAGED', 'MISPLACED', 'PICKING_ERROR', 'THEFT_SUSPECTED', 'RECEIVING_ERROR', 'OTHER'] as const;
export type CountReasonCode = (typeof COUNT_REASONS)[number];

/** The words of each reason, as the pages and the audit trail show them. */
export const COUNT_REASON_LABELS: Record<CountReasonCode, string> = {
  DAMAGED: 'Damaged',
  MISPLACED: 'Misplaced',
  PICKING_ERROR: 'Picking error',
  THEFT_SUSPECTED: 'Theft suspected',
  RECEIVING_ERROR: 'Receiving error',
  OTHER: 'Other',
};

/** Stock take numbers: 'ST' and eight digits, from the counter 'ST' (as repack's 'RP', decision 0048). */
export const STOCK_TAKE_PREFIX = 'ST';
export const STOCK_TAKE_MAX = 99_999_999;
export function stockTakeNumber(n: number): string {
  return `${STOCK_TAKE_PREFIX}${String(n).padStart(8, '0')}`;
}

/** Units the lines count: packs. Pallets, cartons and bundles are containers. */
export function isCountedPack(type: UnitType): boolean {
  return type === 'EA';
}

/** A unit of the snapshot: its state when the count was created. */
export interface SnapshotUnit {
  unitId: string;
  type: UnitType;
  /** unitId(): the SSCC, or 'GTIN/serial'. */
  label: string;
  materialNo: string | null;
  batchNo: string | null;
}

/** A unit counted in the live round of its line, with the state the system had for it when it was counted. */
export interface CountedUnit {
  unitId: string;
  type: UnitType;
  label: string;
  materialNo: string | null;
  batchNo: string | null;
  wasWarehouseNo: string | null;
  wasStatus: UnitStatus;
  wasReason: ItemReason | null;
}

/** A unit another document scanned or moved since the snapshot. */
export interface MovedDuringCount {
  unitId: string;
  docType: string | null;
  docNo: string | null;
}

export interface VarianceLine {
  materialNo: string;
  batchNo: string | null;
  expected: number;
  counted: number;
  missing: string[];
  found: { id: string; expectedWarehouseNo: string | null; expectedStatus: UnitStatus }[];
  movedDuringCount: { id: string; docType: string | null; docNo: string | null }[];
}

export interface Variance {
  lines: VarianceLine[];
  /** The missing and found units by id, every level: what approval adjusts. */
  missingIds: string[];
  foundIds: string[];
  missingContainers: string[];
  foundContainers: { id: string; expectedWarehouseNo: string | null; expectedStatus: UnitStatus }[];
}

/** Whether a counted unit is of the count's scope (its material and batch, when the scope names them). */
export function inScope(
  u: { type: UnitType; materialNo: string | null; batchNo: string | null },
  scope: { materialNo?: string; batchNo?: string },
): boolean {
  if (!scope.materialNo) return true;
  // A scope by material counts packs only: the pallets and cartons around them hold other stock too.
  if (!isCountedPack(u.type)) return false;
  return u.materialNo === scope.materialNo && (!scope.batchNo || u.batchNo === scope.batchNo);
}

/** A unit of the snapshot that is not simply counted: not counted in its line's live round, or changed since the snapshot. */
export interface SnapshotException extends SnapshotUnit {
  /** Counted in its line's live round. */
  counted: boolean;
}

/**
 * The variance of a count: per material and batch, the packs expected (snapshot), counted, missing
 * (expected, not counted), found (counted, not expected) and moved during the count (listed apart, never
 * missing nor found, nor expected). A unit counted that was in this warehouse's stock when counted, but
 * not in the snapshot, came in while the count ran (a receipt): it is in `moved` too (the caller names
 * its document). Counted units out of the scope are left out. Lines sorted by material, then batch.
 *
 * The snapshot comes as each line's packs (`totals`) and the units that are not simply counted
 * (`exceptions`: not counted in their live round, or changed since): every other unit of the snapshot was
 * counted and is where it was. The database counts the lines and picks the exceptions; a count of 100,000
 * units reads a few rows, not 100,000 (decision 0079).
 */
export function stockTakeVariance(input: {
  warehouseNo: string;
  scope: { materialNo?: string; batchNo?: string };
  totals: readonly { materialNo: string | null; batchNo: string | null; packs: number }[];
  exceptions: readonly SnapshotException[];
  /** Units counted in their live round that the snapshot does not hold, every level. */
  extra: readonly CountedUnit[];
  moved: readonly MovedDuringCount[];
}): Variance {
  const moved = new Map(input.moved.map((m) => [m.unitId, m]));
  const lines = new Map<string, VarianceLine>();
  const line = (materialNo: string | null, batchNo: string | null): VarianceLine => {
    const key = `${materialNo ?? ''}\u0000${batchNo ?? ''}`;
    let l = lines.get(key);
    if (!l) {
      l = { materialNo: materialNo ?? '', batchNo, expected: 0, counted: 0, missing: [], found: [], movedDuringCount: [] };
      lines.set(key, l);
    }
    return l;
  };
  for (const t of input.totals) {
    const l = line(t.materialNo, t.batchNo);
    l.expected += t.packs;
    l.counted += t.packs;
  }
  const missingIds: string[] = [];
  const foundIds: string[] = [];
  const missingContainers: string[] = [];
  const foundContainers: Variance['foundContainers'] = [];

  for (const s of input.exceptions) {
    const m = moved.get(s.unitId);
    if (!isCountedPack(s.type)) {
      if (!m && !s.counted) {
        missingIds.push(s.unitId);
        missingContainers.push(s.label);
      }
      continue;
    }
    const l = line(s.materialNo, s.batchNo);
    if (m) {
      l.movedDuringCount.push({ id: s.label, docType: m.docType, docNo: m.docNo });
      l.expected -= 1;
      l.counted -= 1;
      continue;
    }
    if (!s.counted) {
      l.counted -= 1;
      l.missing.push(s.label);
      missingIds.push(s.unitId);
    }
  }
  for (const c of input.extra) {
    if (!inScope(c, input.scope)) continue;
    const m = moved.get(c.unitId);
    const wasHere = c.wasWarehouseNo === input.warehouseNo && inStockState({ status: c.wasStatus, reason: c.wasReason });
    const where = { id: c.label, expectedWarehouseNo: c.wasWarehouseNo, expectedStatus: c.wasStatus };
    if (!isCountedPack(c.type)) {
      if (!m && !wasHere) {
        foundIds.push(c.unitId);
        foundContainers.push(where);
      }
      continue;
    }
    const l = line(c.materialNo, c.batchNo);
    if (m || wasHere) {
      l.movedDuringCount.push({ id: c.label, docType: m?.docType ?? null, docNo: m?.docNo ?? null });
      continue;
    }
    l.counted += 1;
    l.found.push(where);
    foundIds.push(c.unitId);
  }
  const sorted = [...lines.values()].sort((a, b) =>
    a.materialNo !== b.materialNo ? (a.materialNo < b.materialNo ? -1 : 1) : (a.batchNo ?? '') < (b.batchNo ?? '') ? -1 : 1,
  );
  for (const l of sorted) {
    l.missing.sort();
    l.movedDuringCount.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  return { lines: sorted, missingIds, foundIds, missingContainers: missingContainers.sort(), foundContainers };
}

/** Whether a line has a difference that needs a reason: missing or found packs. */
export function lineHasDifference(l: Pick<VarianceLine, 'missing' | 'found'>): boolean {
  return l.missing.length > 0 || l.found.length > 0;
}

/** The line of the variance that has a difference and no valid reason, or undefined: completion's check. */
export function lineWithoutReason(
  lines: readonly VarianceLine[],
  reasons: readonly { materialNo: string; batchNo: string | null; reason: CountReasonCode; text?: string | null }[],
): VarianceLine | undefined {
  return lines.find((l) => {
    if (!lineHasDifference(l)) return false;
    const r = reasons.find((x) => x.materialNo === l.materialNo && (x.batchNo ?? null) === (l.batchNo ?? null));
    return !r || (r.reason === 'OTHER' && !(r.text ?? '').trim());
  });
}

/** The state a found unit takes at approval: ACTIVE, keeping a saleable reason, else WAREHOUSE RECEIVED. */
export function foundState(reason: ItemReason | null): { status: 'ACTIVE'; reason: ItemReason } {
  const kept = reason === 'RETURNED' || reason === 'REDRESSED' || reason === 'WAREHOUSE RECEIVED';
  return { status: 'ACTIVE', reason: kept ? reason : 'WAREHOUSE RECEIVED' };
}
