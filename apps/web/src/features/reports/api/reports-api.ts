import { useMutation, useQuery } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import type { ReportName } from '@pharma/domain/contract/reports';
import { api, createApiClient } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { csvFileName } from '../csv-file-name.ts';
import { reportApiQuery, type ReportChoice } from '../report-filters.ts';
import { DiscrepanciesReport, ExpiryReport, LedgerReport, ProductivityReport, StockReport } from '../../../lib/api/contract/reports.ts';

/** Each report's answer, as the contract types it. */
export interface ReportAnswers {
  expiry: ExpiryReport;
  stock: StockReport;
  ledger: LedgerReport;
  discrepancies: DiscrepanciesReport;
  productivity: ProductivityReport;
}
export type ReportAnswer = { [N in ReportName]: { report: N; data: ReportAnswers[N] } }[ReportName];

const SCHEMAS = {
  expiry: ExpiryReport,
  stock: StockReport,
  ledger: LedgerReport,
  discrepancies: DiscrepanciesReport,
  productivity: ProductivityReport,
};

/** GET /api/reports/{name} with the filters the report takes; the answer names its report, so the page picks its table by it. */
export function useReport(choice: ReportChoice, area: Area) {
  const query = { ...reportApiQuery(choice), ...areaQuery(area) };
  return useQuery({
    queryKey: ['report', choice.report, query],
    queryFn: async (): Promise<ReportAnswer> => {
      const data = await api.get(`/api/reports/${choice.report}`, { query, parse: (raw) => SCHEMAS[choice.report].parse(raw) });
      return { report: choice.report, data } as ReportAnswer;
    },
  });
}

/**
 * The same request with `format=csv`, handed to the browser as a download under the name the answer's
 * Content-Disposition gives. It goes through an API client of its own, over a fetch that keeps that
 * header (the app's client answers bodies only), so the session's cookies go with it and an expired
 * session is renewed first, as for every call.
 */
async function downloadCsv(choice: ReportChoice, area: Area): Promise<string> {
  let disposition: string | null = null;
  const client = createApiClient(async (input, init) => {
    const response = await fetch(input, init);
    disposition = response.headers.get('content-disposition');
    return response;
  });
  const text: unknown = await client.get(`/api/reports/${choice.report}`, {
    query: { ...reportApiQuery(choice, 'csv'), ...areaQuery(area) },
  });
  const file = csvFileName(disposition, `${choice.report}-report.csv`);
  saveFile(new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' }), file);
  return file;
}

export function useDownloadCsv(area: Area) {
  return useMutation({ mutationFn: (choice: ReportChoice) => downloadCsv(choice, area) });
}
