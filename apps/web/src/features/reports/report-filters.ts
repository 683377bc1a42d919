import type { ReportName } from '@pharma/domain/contract/reports';
import { REPORT_NAMES } from '../../lib/api/contract/reports.ts';
import { REPORT_LINK_FILTERS, reportQuery, type ReportLink } from '../../config/navigation.ts';

/**
 * The report shown and its filters, as the page's query holds them (`?report=stock&warehouseNo=W2010`),
 * so Back and a shared link bring the same report again. Empty values are left out; each value is sent
 * to the API as typed, which checks it and answers in words (an unknown warehouse, a reversed period).
 */
export type ReportChoice = ReportLink;

export type ReportFilterField = Exclude<keyof ReportChoice, 'report'>;
type DateField = 'asOf' | 'from' | 'to';

/** The first report, shown when the query names none (or one that does not exist). */
export const DEFAULT_REPORT: ReportName = 'expiry';

/**
 * The filters each report takes, in the order of the form (contract/reports.ts): every one a warehouse;
 * expiry, stock and discrepancies a material and batch (productivity counts scans, which name no single
 * batch, so the server applies none); expiry counts days left from a day, the ledger, discrepancies and
 * productivity count over a period, stock is of now.
 */
const REPORT_FILTERS: Record<ReportName, readonly ReportFilterField[]> = {
  expiry: ['warehouseNo', 'materialNo', 'batchNo', 'asOf'],
  stock: ['warehouseNo', 'materialNo', 'batchNo'],
  ledger: ['warehouseNo', 'materialNo', 'batchNo', 'from', 'to'],
  discrepancies: ['warehouseNo', 'materialNo', 'batchNo', 'from', 'to'],
  productivity: ['warehouseNo', 'from', 'to'],
};

const DATE_FIELDS: readonly ReportFilterField[] = ['asOf', 'from', 'to'];

/** The dates a report reads. */
export function reportDates(report: ReportName): readonly DateField[] {
  return REPORT_FILTERS[report].filter((f): f is DateField => DATE_FIELDS.includes(f));
}

const FIELDS: readonly ReportFilterField[] = REPORT_LINK_FILTERS;

const isReport = (name: string | null): name is ReportName => REPORT_NAMES.some((r) => r === name);

/** The choice a page query names: the report (else the first), and every non-blank filter, trimmed. */
export function choiceFromQuery(query: URLSearchParams): ReportChoice {
  const name = query.get('report');
  const choice: ReportChoice = { report: isReport(name) ? name : DEFAULT_REPORT };
  for (const field of FIELDS) {
    const value = query.get(field)?.trim();
    if (value) choice[field] = value;
  }
  return choice;
}

/**
 * The page query of a choice. Every filter is kept, those another report reads too, so that a look at
 * the stock between two discrepancy periods does not lose the period, nor productivity the batch.
 */
export function queryFromChoice(choice: ReportChoice): URLSearchParams {
  return reportQuery(choice);
}

/** The filters a report takes, in the order of the form. */
export function reportFields(report: ReportName): readonly ReportFilterField[] {
  return REPORT_FILTERS[report];
}

/** The API query of a report (GET /api/reports/{name}): the filters it takes (never another report's), as JSON or CSV. */
export function reportApiQuery(
  choice: ReportChoice,
  format: 'json' | 'csv' = 'json',
): Partial<Record<ReportFilterField, string>> & { format?: 'csv' } {
  const query: Partial<Record<ReportFilterField, string>> & { format?: 'csv' } = {};
  for (const field of reportFields(choice.report)) {
    const value = choice[field]?.trim();
    if (value) query[field] = value;
  }
  if (format === 'csv') query.format = 'csv';
  return query;
}
