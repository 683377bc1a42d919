import { DOCUMENT_STATUSES, FAMILIES, LITE_FAMILIES, type DocumentStatus, type DocumentType } from '@pharma/domain';
import { ReportQuery, type AppliedFilters, type DashboardReport } from '@pharma/domain/contract/reports';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { documentCount } from './dashboard.repository.ts';
import { expiryReport } from './expiry.ts';
import { productivityReport } from './productivity.ts';
import { stockReport } from './stock.ts';

/** The reports' query, answered as JSON only: the figures have no lines to download, so `format=csv` is refused (400). */
export const DashboardQuery = ReportQuery.extend({ format: z.literal('json').default('json') });

/**
 * The document lists' 'not completed': the statuses their filter offers other than Completed (Open, In
 * Progress), the same column the lists filter on.
 */
export const OPEN_DOCUMENT_STATUSES: readonly DocumentStatus[] = DOCUMENT_STATUSES.filter((s) => s !== 'Completed');

/**
 * The families whose documents have a list: every family the line engine runs (IBD, OBD, RMA, DECOMM, STO,
 * RTP, RRD, SCANLITE) and their lite ('+') families. Repack is left out: its documents are worked on the
 * repack's own pages and table (decision 0048), and its list path is refused (FAMILY_OWN_PATHS), so an open
 * REPACK row in `documents` is nothing a shift lead can open.
 */
export const LISTED_DOCUMENT_TYPES: readonly DocumentType[] = [
  ...FAMILIES.filter((f) => !f.aggregates).map((f) => f.type),
  ...LITE_FAMILIES.map((l) => l.family.type),
];

/**
 * GET /api/reports/dashboard (issue 32, decision 0077): the home page's four figures, each taken from the
 * report the figure links to, called with the filters that link carries, so that the figure and the
 * report cannot differ: the expiry report's '0-30' bucket as of the day, the stock report's QUARANTINE
 * packs, the productivity report's accepted scans over the day alone; and the documents not completed,
 * as the document lists count them. The day is `asOf` (today by default); the warehouse filter applies to
 * all four. Material, batch and a period are not applied (the dashboard is of the whole floor, and a scan
 * names no batch): the answer names them null, and its period is the day.
 */
export async function dashboardReport(db: Db, filters: AppliedFilters): Promise<DashboardReport> {
  const day = filters.asOf ?? isoToday();
  const applied: AppliedFilters = { ...filters, materialNo: null, batchNo: null, from: day, to: day, asOf: day };
  const place = { ...applied, from: null, to: null };
  const [expiry, stock, productivity, openDocuments] = await Promise.all([
    expiryReport(db, place),
    stockReport(db, { ...place, asOf: null }),
    productivityReport(db, { ...applied, asOf: null }),
    documentCount(db, { warehouseNos: applied.warehouseNos, types: LISTED_DOCUMENT_TYPES, statuses: OPEN_DOCUMENT_STATUSES }),
  ]);
  return {
    filters: applied,
    expiringWithin30Days: expiry.buckets.find((b) => b.bucket === '0-30')?.packs ?? 0,
    quarantinedPacks: sum(stock.lines.filter((l) => l.status === 'QUARANTINE').map((l) => l.packs)),
    openDocuments,
    scansToday: sum(productivity.users.map((u) => u.accepted)),
  };
}

function sum(values: readonly number[]): number {
  return values.reduce((n, v) => n + v, 0);
}
