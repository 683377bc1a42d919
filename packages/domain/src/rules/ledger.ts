import type { FamilyEntry, UnitState } from '../families/family.ts';

/**
 * The stock ledger's movements (issue 32, decision 0077): a pack entering (+1) or leaving (−1) the stock
 * of a warehouse, and the column of the ledger it is reported in.
 */

/** The conditions of a pack on hand: the server's `IN_STOCK` (api/inventory/in-stock.ts), which a test holds this to. */
const ON_HAND: readonly string[] = ['ACTIVE', 'QUARANTINE', 'EXPIRED', 'DAMAGED', 'RETAINED'];
/** The reasons of a pack picked on a document of its own warehouse not completed yet: still in stock. */
const PICKED: readonly string[] = ['DISPATCHED', 'REDRESSED', 'OTHER'];

/** Whether a pack in this state, in a warehouse, is in its stock: `IN_STOCK` without the warehouse. */
export function inStockState(s: UnitState): boolean {
  return ON_HAND.includes(s.status) || (s.status === 'PENDING' && s.reason !== null && PICKED.includes(s.reason));
}

export const LEDGER_COLUMNS = ['received', 'returned', 'transferredIn', 'dispatched', 'scrapped', 'transferredOut', 'adjusted'] as const;
export type LedgerColumn = (typeof LEDGER_COLUMNS)[number];

/** The direction of each column: + packs in, − packs out; `adjusted` is signed. */
export const LEDGER_SIGN: Record<LedgerColumn, 1 | -1> = {
  received: 1,
  returned: 1,
  transferredIn: 1,
  dispatched: -1,
  scrapped: -1,
  transferredOut: -1,
  adjusted: 1,
};

/** A family's column by its module (a lite family's is its full one's with a '+'); any other: adjusted. */
const COLUMN_OF_MODULE: Record<string, LedgerColumn> = {
  RECEIVE: 'received',
  RETURN: 'returned',
  DISPATCH: 'dispatched',
  RTP: 'dispatched',
  DECOMM: 'scrapped',
  TRANSFER: 'transferredOut',
};

/**
 * What the ledger reads of a family: plain data, so that a report worker can be sent it (a worker takes
 * no functions, and an entry's rules are functions).
 */
export type LedgerFamily = Pick<FamilyEntry, 'module' | 'sameWarehouse' | 'handOver' | 'completed'>;

/** A movement: how many packs (signed: + in, − out) and the column it is reported in. */
export interface LedgerMovement {
  column: LedgerColumn;
  packs: number;
}

/**
 * What completing a document does to the stock of its warehouse, for each pack on it, from its state
 * `before`:
 * - `'atCompletion'`: the pack's state right before the completion (the completion's audit row). Every scan
 *   puts its pack in the document's warehouse, so the pack was in that warehouse's stock exactly when that
 *   state is in stock: an item status edit made while it sat on the document is its own movement, and
 *   the completion moves it only from there (decision 0077).
 * - `'beforeScan'`: the state before its scan (`scan_items`), for a completion with no audit row of the
 *   pack. A scan never changes whether a pack is in stock (`scanKeepsStock`, tested over the registry), so
 *   the pack was in stock at completion when it was before its scan, and in the document's warehouse only
 *   when its family takes units of that warehouse (`sameWarehouse`): a receipt's or a return's units come
 *   from elsewhere, in transit.
 * After completion it is in stock when the completed state is (a held batch's quarantine is too, see the
 * test), unless the family hands it over in transit. The column is the family's, when the movement goes its
 * way (a receipt brings packs in); a movement against it, or of a family with no column (redress, repack),
 * is `adjusted`. `receivesAnother`: the document receives another one's stock (an IBD naming its STO), so
 * its receipt is a transfer in.
 */
export function completionMovement(
  family: LedgerFamily,
  before: UnitState,
  receivesAnother: boolean,
  packs: number,
  when: 'atCompletion' | 'beforeScan' = 'beforeScan',
): LedgerMovement {
  const wasIn = (when === 'atCompletion' || family.sameWarehouse) && inStockState(before);
  const isIn = !family.handOver && inStockState(family.completed);
  const change = ((isIn ? 1 : 0) - (wasIn ? 1 : 0)) * packs;
  const own = COLUMN_OF_MODULE[family.module.replace(/\+$/, '')];
  const column = own === 'received' && receivesAnother ? 'transferredIn' : own;
  if (change === 0) return { column: column ?? 'adjusted', packs: 0 };
  return column !== undefined && Math.sign(change) === LEDGER_SIGN[column]
    ? { column, packs: change }
    : { column: 'adjusted', packs: change };
}

/** A change of state outside a document's completion (an item status edit): in or out of stock, adjusted. */
export function stateChangeMovement(before: UnitState, after: UnitState, packs: number): LedgerMovement {
  return { column: 'adjusted', packs: ((inStockState(after) ? 1 : 0) - (inStockState(before) ? 1 : 0)) * packs };
}

/**
 * Whether a family's scan leaves every pack's membership of the stock as it was: from each scannable
 * state to the scanned one, in the same warehouse; or, for a family taking units from elsewhere (moved
 * into the document's warehouse by the scan), out of stock on both sides. A reverse puts the state back.
 */
export function scanKeepsStock(family: FamilyEntry): boolean {
  const scanned = inStockState(family.scanned);
  return family.scannable.every((s) =>
    s.reasons.every((reason) => {
      const before = inStockState({ status: s.status, reason });
      return family.sameWarehouse ? before === scanned : !before && !scanned;
    }),
  );
}
