import {
  completionMovement,
  inStockState,
  LEDGER_SIGN,
  stateChangeMovement,
  type LedgerColumn,
  type LedgerMovement,
  type UnitState,
} from '@pharma/domain';
import type { AppliedFilters, LedgerReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { DEFAULT_PERIOD_DAYS, periodBounds, shiftDay, withDefaultPeriod } from './filters.ts';
import { completedPacks, editedPacks, statusEdits, type PacksGroupRow } from './ledger.repository.ts';
import { packsByExpiry } from './expiry.repository.ts';
import { reportRead } from '../../db/report-read.ts';
import type { ReportFacts } from './report-facts.ts';

/**
 * The stock ledger (issue 32, decision 0077): per warehouse, material and batch over `from`..`to`, the
 * packs in stock at the start, each kind of movement, and at the end. Built backwards from the stock now
 * (the expiry report's own count of the packs): the closing of a day is the stock now less every movement after it, so
 * closing − opening is the period's movements exactly and one period's closing is the next one's opening.
 * A movement is a pack entering or leaving the stock (`IN_STOCK`): at a document's completion, or by an
 * item status edit; no other path changes whether a pack is in stock (0077 lists them).
 */

type Line = LedgerReport['lines'][number];
interface Tally {
  line: Line;
  now: number;
  /** The signed movements after the period: the stock now less these is the closing. */
  after: number;
}

export async function ledgerReport(db: Db, given: AppliedFilters, facts: ReportFacts, today = isoToday()): Promise<LedgerReport> {
  const filters = withDefaultPeriod(given, DEFAULT_PERIOD_DAYS, today);
  const from = filters.from!;
  const to = filters.to!;
  const since = periodBounds(filters).since!;
  const [stock, [completed, edited], edits] = await Promise.all([
    reportRead(db, (r) => packsByExpiry(r, filters)),
    reportRead(db, async (r) => {
      const all = await completedPacks(r, filters, since);
      return [all, all.some((g) => Number(g.edited) > 0) ? await editedPacks(r, filters, since) : []] as const;
    }),
    reportRead(db, (r) => statusEdits(r, filters, since)),
  ]);

  const tallies = new Map<string, Tally>();
  const tally = (warehouseNo: string, materialNo: string, batchNo: string | null): Tally => {
    const key = JSON.stringify([warehouseNo, materialNo, batchNo]);
    let t = tallies.get(key);
    if (!t) {
      t = { line: emptyLine(warehouseNo, materialNo, batchNo), now: 0, after: 0 };
      tallies.set(key, t);
    }
    return t;
  };
  // The packs in stock now, as the expiry report counts them (a row per expiry of a batch).
  for (const r of stock) tally(r.warehouse_no, r.material_no, r.batch_no).now += Number(r.packs);

  /** The signed net movement of each day (all lines together), for the days' closings. */
  const netOfDay = new Map<string, number>();
  const record = (t: Tally, day: string, m: LedgerMovement) => {
    if (m.packs === 0) return;
    netOfDay.set(day, (netOfDay.get(day) ?? 0) + m.packs);
    if (day > to) t.after += m.packs;
    else t.line[m.column] += m.packs * LEDGER_SIGN[m.column];
  };
  // Each completed pack moved from the state its scan found it in, unless an item status edit changed it
  // on the document: then from the state the completion's audit row of it gives (decision 0077).
  // `undo` takes back a movement counted before (same column, opposite sign).
  const completion = (r: PacksGroupRow, before: UnitState, mode: 'atCompletion' | 'beforeScan', undo = false) => {
    // Every document type has a family in the registry the server runs (`facts.ledgerFamilies`); a row of
    // one unknown (a newer server's, or a family it no longer runs) cannot be read and is left.
    const family = facts.ledgerFamilies.get(r.doc_type);
    if (!family) return;
    const m = completionMovement(family, before, Number(r.receives) === 1, Number(r.packs), mode);
    record(tally(r.warehouse_no, r.material_no, r.batch_no), r.day, undo ? { ...m, packs: -m.packs } : m);
  };
  const beforeScan = (r: PacksGroupRow): UnitState | undefined =>
    r.before_status === null ? undefined : { status: r.before_status, reason: r.before_reason };
  for (const r of completed) {
    const before = beforeScan(r);
    if (before) completion(r, before, 'beforeScan');
  }
  for (const r of edited) {
    // Counted above from the state before the scan: taken back, and counted from the state at completion.
    const before = beforeScan(r);
    if (before) completion(r, before, 'beforeScan', true);
    const atCompletion = stateOf(r.completion_before_json);
    // None: the completion left the pack as the edit made it (a family that reopens completes only the
    // units still in its scanned state), so it moved the pack no more.
    if (atCompletion) completion(r, atCompletion, 'atCompletion');
  }
  // A status change in one warehouse moves the pack in or out of its stock; one that moves it between
  // warehouses (a stock take's found pack) takes it out of the one and into the other.
  const inScope = new Set(filters.warehouseNos);
  for (const r of edits) {
    const before = stateOf(r.before_json);
    const after = stateOf(r.after_json);
    if (!before || !after) continue;
    const from = before.warehouseNo ?? r.warehouse_no;
    const to = after.warehouseNo ?? r.warehouse_no;
    const packs = Number(r.packs);
    const at = (warehouseNo: string | null) =>
      warehouseNo !== null && inScope.has(warehouseNo) ? tally(warehouseNo, r.material_no, r.batch_no) : undefined;
    if (from === to) {
      const t = at(from);
      if (t) record(t, r.day, stateChangeMovement(before, after, packs));
      continue;
    }
    const out = at(from);
    if (out && inStockState(before)) record(out, r.day, { column: 'adjusted', packs: -packs });
    const into = at(to);
    if (into && inStockState(after)) record(into, r.day, { column: 'adjusted', packs });
  }

  const lines: Line[] = [];
  let stockNow = 0;
  for (const t of tallies.values()) {
    const l = t.line;
    stockNow += t.now;
    l.closing = t.now - t.after;
    l.opening = l.closing - netOf(l);
    if (l.opening !== 0 || l.closing !== 0 || MOVEMENTS.some((c) => l[c] !== 0)) lines.push(l);
  }
  lines.sort(byPlace);
  return { filters, lines, days: dailyClosings(from, to, stockNow, netOfDay) };
}

/** The rows of the CSV, in LEDGER_CSV_HEADER's order: one per line, numbers as numbers. */
export function ledgerCsvRows(report: LedgerReport): (string | number | null)[][] {
  return report.lines.map((l) => [
    l.warehouseNo,
    l.materialNo,
    l.batchNo,
    l.opening,
    l.received,
    l.returned,
    l.transferredIn,
    l.dispatched,
    l.scrapped,
    l.transferredOut,
    l.adjusted,
    l.closing,
  ]);
}

const MOVEMENTS: readonly LedgerColumn[] = [
  'received',
  'returned',
  'transferredIn',
  'dispatched',
  'scrapped',
  'transferredOut',
  'adjusted',
];

/** received + returned + transferredIn − dispatched − scrapped − transferredOut + adjusted. */
function netOf(l: Line): number {
  return MOVEMENTS.reduce((n, c) => n + l[c] * LEDGER_SIGN[c], 0);
}

/** Each day's closing: the stock now less every movement of a later day. */
function dailyClosings(from: string, to: string, stockNow: number, netOfDay: ReadonlyMap<string, number>): LedgerReport['days'] {
  let later = 0;
  for (const [day, net] of netOfDay) if (day > to) later += net;
  const days: LedgerReport['days'] = [];
  for (let day = to; day >= from; day = shiftDay(day, -1)) {
    days.push({ date: day, closing: stockNow - later });
    later += netOfDay.get(day) ?? 0;
  }
  return days.reverse();
}

/** A state as the audit trail writes it ({"status":…,"reason":…}, with the warehouse when the change names it); anything else: none. */
function stateOf(json: string | null): (UnitState & { warehouseNo?: string | null }) | undefined {
  if (json === null) return undefined;
  try {
    const v = JSON.parse(json) as Partial<UnitState> & { warehouseNo?: unknown };
    if (typeof v.status !== 'string') return undefined;
    const warehouseNo = typeof v.warehouseNo === 'string' || v.warehouseNo === null ? v.warehouseNo : undefined;
    return { status: v.status, reason: v.reason ?? null, ...(warehouseNo === undefined ? {} : { warehouseNo }) };
  } catch {
    return undefined;
  }
}

function emptyLine(warehouseNo: string, materialNo: string, batchNo: string | null): Line {
  return {
    warehouseNo,
    materialNo,
    batchNo,
    opening: 0,
    received: 0,
    returned: 0,
    transferredIn: 0,
    dispatched: 0,
    scrapped: 0,
    transferredOut: 0,
    adjusted: 0,
    closing: 0,
  };
}

/** Warehouse, material, batch (none first), by code unit, as the stock report orders them. */
function byPlace(a: Line, b: Line): number {
  return (
    compare(a.warehouseNo, b.warehouseNo) ||
    compare(a.materialNo, b.materialNo) ||
    (a.batchNo === null ? 0 : 1) - (b.batchNo === null ? 0 : 1) ||
    compare(a.batchNo ?? '', b.batchNo ?? '')
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
