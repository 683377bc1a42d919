import type { AppliedFilters } from '@pharma/domain/contract/reports';
import type { Db } from '../../db/database.ts';
import { dashboardReport } from './dashboard.ts';
import { discrepanciesReport } from './discrepancies.ts';
import { expiryReport } from './expiry.ts';
import { ledgerReport } from './ledger.ts';
import { productivityReport } from './productivity.ts';
import { stockReport } from './stock.ts';
import type { ReportFacts } from './report-facts.ts';

/**
 * How each report is made from the filters applied (decision 0077): the one table the routes and the
 * report worker (`report-work.ts`) both read, so a report is made the same wherever it runs. `facts` are
 * what the reports read off the registry the server runs (report-facts.ts).
 */
export const REPORT_MAKERS = {
  expiry: (db: Db, filters: AppliedFilters, _facts: ReportFacts) => expiryReport(db, filters),
  stock: (db: Db, filters: AppliedFilters, _facts: ReportFacts) => stockReport(db, filters),
  ledger: (db: Db, filters: AppliedFilters, facts: ReportFacts) => ledgerReport(db, filters, facts),
  discrepancies: (db: Db, filters: AppliedFilters, facts: ReportFacts) => discrepanciesReport(db, filters, facts),
  productivity: (db: Db, filters: AppliedFilters, _facts: ReportFacts) => productivityReport(db, filters),
  dashboard: (db: Db, filters: AppliedFilters, facts: ReportFacts) => dashboardReport(db, filters, facts),
};

export type MakerName = keyof typeof REPORT_MAKERS;
export type Made<N extends MakerName> = Awaited<ReturnType<(typeof REPORT_MAKERS)[N]>>;
