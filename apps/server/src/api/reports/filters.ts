import type { AppliedFilters, ReportQuery } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoToday } from '../../lib/today.ts';

/**
 * The filters a report applies (decision 0077): the asking area's warehouses (the one named, which must be
 * one of them: another area's or an unknown warehouse is refused as unknown, so that nothing tells one area
 * what another holds), material and batch, the period, and the expiry report's day (today by default).
 */
export async function appliedFilters(db: Db, q: ReportQuery, today = isoToday()): Promise<AppliedFilters> {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw new AppError(400, 'REPORT_PERIOD_REVERSED', { from: q.from, to: q.to });
  const rows = await db.selectFrom('warehouses').select('warehouse_no').where('area', '=', q.area).orderBy('warehouse_no').execute();
  const inArea = rows.map((r) => r.warehouse_no);
  if (q.warehouseNo !== undefined && !inArea.includes(q.warehouseNo))
    throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo: q.warehouseNo });
  return {
    area: q.area,
    warehouseNos: q.warehouseNo !== undefined ? [q.warehouseNo] : inArea,
    materialNo: q.materialNo ?? null,
    batchNo: q.batchNo ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
    asOf: q.asOf ?? today,
  };
}

/** The period as ISO 8601 instants for text comparison with stored times: from the first day's start, before the day after the last. */
export function periodBounds(f: AppliedFilters): { since: string | null; before: string | null } {
  const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();
  return { since: f.from === null ? null : `${f.from}T00:00:00.000Z`, before: f.to === null ? null : dayAfter(f.to) };
}

/** The period the ledger and discrepancies read when none is asked: the 30 days ending today. */
export const DEFAULT_PERIOD_DAYS = 30;

/**
 * The period of a report that reads one whatever it is asked (the ledger, discrepancies, productivity):
 * both ends as given; with neither, the `days` days ending today; with only `from`, from there up to
 * today (that day alone when it is later); with only `to`, the `days` days ending there. The answer's
 * filters name the period used.
 */
export function withDefaultPeriod(f: AppliedFilters, days: number, today: string): AppliedFilters {
  if (f.from !== null && f.to !== null) return f;
  if (f.from !== null) return { ...f, to: f.from > today ? f.from : today };
  const to = f.to ?? today;
  return { ...f, from: shiftDay(to, -(days - 1)), to };
}

/** A YYYY-MM-DD moved by whole days. */
export function shiftDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
