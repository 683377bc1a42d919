import { DOCUMENT_STATUSES, type DocumentStatus } from '@pharma/domain';
import { ReportQuery, type AppliedFilters, type DashboardReport } from '@pharma/domain/contract/reports';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { isoToday } from '../../lib/today.ts';
import { documentCount, stockFigures } from './dashboard.repository.ts';
import { shiftDay } from './filters.ts';
import { productivityReport } from './productivity.ts';
import { reportRead } from '../../db/report-read.ts';
import type { ReportFacts } from './report-facts.ts';

/** The reports' query, answered as JSON only: the figures have no lines to download, so `format=csv` is refused (400). */
export const DashboardQuery = ReportQuery.extend({ format: z.literal('json').default('json') });

/**
 * The document lists' 'not completed': the statuses their filter offers other than Completed (Open, In
 * Progress), the same column the lists filter on.
 */
export const OPEN_DOCUMENT_STATUSES: readonly DocumentStatus[] = DOCUMENT_STATUSES.filter((s) => s !== 'Completed');

/**
 * GET /api/reports/dashboard (issue 32, decision 0077): the home page's four figures, each counted by the
 * rule of the report the figure links to, as that report answers with the filters the link carries: the
 * packs of the expiry report's '0-30' bucket as of the day, the stock report's QUARANTINE packs (both in
 * one read of the units: `stockFigures`), the productivity report's accepted scans over the day alone
 * (that report itself); and the documents not completed, as the document lists count them. The test asks
 * each report and list beside the dashboard. The day is `asOf` (today by default); the warehouse filter
 * applies to all four. Material, batch and a period are not applied (the dashboard is of the whole floor,
 * and a scan names no batch): the answer names them null, and its period is the day. The documents counted
 * are those of the registry's listed types (`facts.listedTypes`).
 */
export async function dashboardReport(db: Db, filters: AppliedFilters, facts: ReportFacts): Promise<DashboardReport> {
  const day = filters.asOf ?? isoToday();
  const applied: AppliedFilters = { ...filters, materialNo: null, batchNo: null, from: day, to: day, asOf: day };
  const [stock, productivity, openDocuments] = await Promise.all([
    reportRead(db, (r) =>
      stockFigures(r, { warehouseNos: applied.warehouseNos, expiringFrom: day, expiringTo: shiftDay(day, EXPIRING_DAYS) }),
    ),
    productivityReport(db, { ...applied, asOf: null }),
    documentCount(db, { warehouseNos: applied.warehouseNos, types: facts.listedTypes, statuses: OPEN_DOCUMENT_STATUSES }),
  ]);
  return {
    filters: applied,
    expiringWithin30Days: stock.expiring,
    quarantinedPacks: stock.quarantined,
    openDocuments,
    scansToday: productivity.users.reduce((n, u) => n + u.accepted, 0),
  };
}

/** The expiry report's '0-30' bucket: 0 to 30 days left, both included. */
const EXPIRING_DAYS = 30;
