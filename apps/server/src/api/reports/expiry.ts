import { EXPIRY_BUCKETS, type AppliedFilters, type ExpiryBucket, type ExpiryReport } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { packsByExpiry } from './expiry.repository.ts';
import { reportRead } from '../../db/report-read.ts';

/**
 * The expiry report (issue 32, decision 0077): the packs in stock (`IN_STOCK`: on hand in any condition,
 * or picked on an open document) of the filters' warehouses, per warehouse, material, batch and expiry,
 * with the days left from `asOf` and their bucket, and the packs of each bucket. The days are counted
 * here, not in SQL, so SQLite and PostgreSQL cannot differ on them.
 */
export async function expiryReport(db: Db, filters: AppliedFilters): Promise<ExpiryReport> {
  const asOf = filters.asOf ?? isoToday();
  const rows = await reportRead(db, (r) => packsByExpiry(r, filters));
  const lines = rows
    .map((r) => {
      const daysLeft = r.expiry === null ? null : daysBetween(asOf, r.expiry);
      return {
        warehouseNo: r.warehouse_no,
        materialNo: r.material_no,
        batchNo: r.batch_no,
        expiry: r.expiry,
        daysLeft,
        bucket: bucketOf(daysLeft),
        packs: Number(r.packs),
      };
    })
    .sort(byExpiryThenPlace);
  const totals = new Map<ExpiryBucket, number>(EXPIRY_BUCKETS.map((b) => [b, 0]));
  for (const line of lines) totals.set(line.bucket, totals.get(line.bucket)! + line.packs);
  return { filters, buckets: EXPIRY_BUCKETS.map((bucket) => ({ bucket, packs: totals.get(bucket)! })), lines };
}

/** The rows of the CSV, in EXPIRY_CSV_HEADER's order: one per line, numbers as numbers, no expiry and no batch empty. */
export function expiryCsvRows(report: ExpiryReport): (string | number | null)[][] {
  return report.lines.map((l) => [l.warehouseNo, l.materialNo, l.batchNo, l.expiry, l.daysLeft, l.bucket, l.packs]);
}

const DAY_MS = 86_400_000;

/** Calendar days from one YYYY-MM-DD to another: 0 on the same day, negative when `to` is before `from`. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The bucket of the days left: expired before `asOf`, a pack expiring on `asOf` has 0 days and is in 0-30. */
function bucketOf(daysLeft: number | null): ExpiryBucket {
  if (daysLeft === null) return 'no-expiry';
  if (daysLeft < 0) return 'expired';
  if (daysLeft <= 30) return '0-30';
  if (daysLeft <= 90) return '31-90';
  if (daysLeft <= 180) return '91-180';
  return 'over-180';
}

type Line = ExpiryReport['lines'][number];

/** Soonest expiry first, no expiry last; then warehouse, material and batch (no batch first), by code unit. */
function byExpiryThenPlace(a: Line, b: Line): number {
  return (
    compareNullable(a.expiry, b.expiry, 'last') ||
    compare(a.warehouseNo, b.warehouseNo) ||
    compare(a.materialNo, b.materialNo) ||
    compareNullable(a.batchNo, b.batchNo, 'first')
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNullable(a: string | null, b: string | null, nulls: 'first' | 'last'): number {
  if (a === null || b === null) return a === b ? 0 : (a === null) === (nulls === 'first') ? -1 : 1;
  return compare(a, b);
}
