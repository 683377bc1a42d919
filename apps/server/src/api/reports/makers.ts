import type { AppliedFilters } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { dashboardReport } from './dashboard.ts';
import { discrepanciesReport } from './discrepancies.ts';
import { expiryReport } from './expiry.ts';
import { ledgerReport } from './ledger.ts';
import { productivityReport } from './productivity.ts';
import { stockReport } from './stock.ts';

/**
 * How each report is made from the filters applied (decision 0077): the one table the routes and the
 * report worker (`report-work.ts`) both read, so a report is made the same wherever it runs.
 */
export const REPORT_MAKERS = {
  expiry: (db: Db, filters: AppliedFilters) => expiryReport(db, filters),
  stock: (db: Db, filters: AppliedFilters) => stockReport(db, filters),
  ledger: (db: Db, filters: AppliedFilters) => ledgerReport(db, filters),
  discrepancies: (db: Db, filters: AppliedFilters) => discrepanciesReport(db, filters),
  productivity: (db: Db, filters: AppliedFilters) => productivityReport(db, filters),
  dashboard: (db: Db, filters: AppliedFilters) => dashboardReport(db, filters),
};

export type MakerName = keyof typeof REPORT_MAKERS;
export type Made<N extends MakerName> = Awaited<ReturnType<(typeof REPORT_MAKERS)[N]>>;
