import type { AppliedFilters, ProductivityReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { periodBounds, withDefaultPeriod } from './filters.ts';
import { scansByUserHourType } from './productivity.repository.ts';
import { reportRead } from '../../db/report-read.ts';

/**
 * GET /api/reports/productivity (decision 0077): scans per user, hour and document type over the period,
 * accepted and refused, on documents of the area's warehouses. Accepted: each scan the server kept (a
 * pallet's scan is one scan, whatever its packs), a later reverse or removal notwithstanding; a reverse is
 * no scan. Refused: each scan the rules refused (409 or 422), a resent one once. The hour is the scan's
 * time in UTC cut to the hour. A scan names no single material or batch (a pallet may hold several, and a
 * refusal records none), so material and batch are not applied, nor is `asOf`: the answer says so by
 * naming them null. Without a period, today: the shift's question (a day's hours are what the chart
 * draws, and the home page's 'scans today' links here).
 */
export async function productivityReport(db: Db, given: AppliedFilters, today = isoToday()): Promise<ProductivityReport> {
  const filters = withDefaultPeriod(given, PRODUCTIVITY_DEFAULT_DAYS, today);
  const { since, before } = periodBounds(filters);
  const groups = await reportRead(db, (r) =>
    scansByUserHourType(r, { warehouseNos: filters.warehouseNos, since: since!, before: before! }),
  );
  const rows = groups
    .map((g) => ({
      user: g.email ?? g.user_id,
      hour: `${g.hour}:00Z`,
      docType: g.doc_type,
      accepted: Number(g.accepted),
      refused: Number(g.refused),
    }))
    .sort((a, b) => compare(a.hour, b.hour) || compare(a.user, b.user) || compare(a.docType, b.docType));
  const users = new Map<string, { user: string; accepted: number; refused: number }>();
  for (const r of rows) {
    const total = users.get(r.user) ?? { user: r.user, accepted: 0, refused: 0 };
    total.accepted += r.accepted;
    total.refused += r.refused;
    users.set(r.user, total);
  }
  return {
    filters: { ...filters, materialNo: null, batchNo: null, asOf: null },
    rows,
    users: [...users.values()].sort((a, b) => compare(a.user, b.user)),
  };
}

/** Without a period the report reads today alone. */
const PRODUCTIVITY_DEFAULT_DAYS = 1;

/** The report's rows in PRODUCTIVITY_CSV_HEADER's order: user, hour, docType, accepted, refused. */
export function productivityCsvRows(report: ProductivityReport): (string | number | null)[][] {
  return report.rows.map((r) => [r.user, r.hour, r.docType, r.accepted, r.refused]);
}

/** Code-unit order, the same on every database and locale. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
