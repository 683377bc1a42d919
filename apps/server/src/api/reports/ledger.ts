import {
  completionMovement,
  familyOf,
  LEDGER_SIGN,
  stateChangeMovement,
  type LedgerColumn,
  type LedgerMovement,
  type UnitState,
} from '@pharma/domain';
import type { AppliedFilters, LedgerReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { periodBounds } from './filters.ts';
import { completedPacks, statusEdits } from './ledger.repository.ts';
import { stockByStatus } from './stock.repository.ts';

/**
 * The stock ledger (issue 32, decision 0077): per warehouse, material and batch over `from`..`to`, the
 * packs in stock at the start, each kind of movement, and at the end. Built backwards from the stock now
 * (the stock report's own count): the closing of a day is the stock now less every movement after it, so
 * closing − opening is the period's movements exactly and one period's closing is the next one's opening.
 * A movement is a pack entering or leaving the stock (`IN_STOCK`): at a document's completion, or by an
 * item status edit; no other path changes whether a pack is in stock (0077 lists them).
 */

/** Without a period the ledger reads the 30 days ending today (and says so in its filters). */
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

type Line = LedgerReport['lines'][number];
interface Tally {
  line: Line;
  now: number;
  /** The signed movements after the period: the stock now less these is the closing. */
  after: number;
}

export async function ledgerReport(db: Db, given: AppliedFilters, today = isoToday()): Promise<LedgerReport> {
  const filters = withPeriod(given, today);
  const from = filters.from!;
  const to = filters.to!;
  const since = periodBounds(filters).since!;
  const [stock, completed, edits] = await Promise.all([
    stockByStatus(db, filters),
    completedPacks(db, filters, since),
    statusEdits(db, filters, since),
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
  for (const r of stock) {
    const packs = Number(r.packs);
    // Cartons and pallets are not the ledger's: a row of no pack adds nothing.
    if (packs !== 0) tally(r.warehouse_no, r.material_no ?? '', r.batch_no).now += packs;
  }

  /** The signed net movement of each day (all lines together), for the days' closings. */
  const netOfDay = new Map<string, number>();
  const record = (t: Tally, day: string, m: LedgerMovement) => {
    if (m.packs === 0) return;
    netOfDay.set(day, (netOfDay.get(day) ?? 0) + m.packs);
    if (day > to) t.after += m.packs;
    else t.line[m.column] += m.packs * LEDGER_SIGN[m.column];
  };
  for (const r of completed) {
    const family = familyOf(r.doc_type);
    // Every document type has a family; a row of one unknown (a newer server's) cannot be read and is left.
    if (!family) continue;
    // The pack's state right before the completion when the trail has it; else the state before its scan.
    const atCompletion = stateOf(r.completion_before_json);
    const beforeScan: UnitState | undefined = r.before_status === null ? undefined : { status: r.before_status, reason: r.before_reason };
    const before = atCompletion ?? beforeScan;
    if (!before) continue;
    const m = completionMovement(family, before, Number(r.receives) === 1, Number(r.packs), atCompletion ? 'atCompletion' : 'beforeScan');
    record(tally(r.warehouse_no, r.material_no, r.batch_no), r.day, m);
  }
  for (const r of edits) {
    const before = stateOf(r.before_json);
    const after = stateOf(r.after_json);
    if (!before || !after) continue;
    record(tally(r.warehouse_no, r.material_no, r.batch_no), r.day, stateChangeMovement(before, after, Number(r.packs)));
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

/** The period the ledger reads: both ends, the 30 days ending today by default, or 30 days from or to the one end given. */
function withPeriod(f: AppliedFilters, today: string): AppliedFilters {
  if (f.from !== null && f.to !== null) return f;
  if (f.from !== null) return { ...f, to: f.from > today ? f.from : today };
  const to = f.to ?? today;
  return { ...f, from: shift(to, -(DEFAULT_DAYS - 1)), to };
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
  for (let day = to; day >= from; day = shift(day, -1)) {
    days.push({ date: day, closing: stockNow - later });
    later += netOfDay.get(day) ?? 0;
  }
  return days.reverse();
}

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A state as the audit trail writes it ({"status":…,"reason":…}); anything else: none. */
function stateOf(json: string | null): UnitState | undefined {
  if (json === null) return undefined;
  try {
    const v = JSON.parse(json) as Partial<UnitState>;
    return typeof v.status === 'string' ? { status: v.status, reason: v.reason ?? null } : undefined;
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
