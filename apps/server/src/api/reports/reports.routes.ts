import { Readable } from 'node:stream';
import { TOOL_NEEDS } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import {
  DashboardReport,
  DISCREPANCIES_CSV_HEADER,
  DiscrepanciesReport,
  EXPIRY_CSV_HEADER,
  ExpiryReport,
  LEDGER_CSV_HEADER,
  LedgerReport,
  PRODUCTIVITY_CSV_HEADER,
  ProductivityReport,
  ReportQuery,
  STOCK_CSV_HEADER,
  StockReport,
  type AppliedFilters,
  type ReportName,
} from '@pharma/domain/contract/reports';
import type { FastifyReply } from 'fastify';
import { z, type ZodType } from 'zod';
import type { Db } from '../../db/database.ts';
import { csvDocument } from '../../lib/csv.ts';
import { Slices } from '../../lib/slices.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import { neededInArea } from '../../plugins/auth.ts';
import { discrepanciesCsvRows } from './discrepancies.ts';
import { expiryCsvRows } from './expiry.ts';
import { DashboardQuery } from './dashboard.ts';
import { appliedFilters } from './filters.ts';
import { ledgerCsvRows } from './ledger.ts';
import type { Made } from './makers.ts';
import { productivityCsvRows } from './productivity.ts';
import type { ReportWork } from './report-work.ts';
import { stockCsvRows } from './stock.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
type CsvRow = readonly (string | number | null)[];

/** Each report: its answer's schema and its CSV (a header row, then one row per line of the answer); `makers.ts` makes it. */
interface Report<N extends ReportName> {
  summary: string;
  response: ZodType<Made<N>>;
  header: readonly string[];
  csvRows: (report: Made<N>) => CsvRow[];
}

/** A report closed over its type: made, then answered as JSON or CSV. */
interface Entry {
  name: ReportName;
  summary: string;
  response: ZodType;
  answer: (work: ReportWork, filters: AppliedFilters) => Promise<{ json: unknown; csv: () => CsvRow[]; header: readonly string[] }>;
}

function entry<N extends ReportName>(name: N, r: Report<N>): Entry {
  return {
    name,
    summary: r.summary,
    response: r.response,
    answer: async (work, filters) => {
      const made = await work.make(name, filters);
      return { json: made, csv: () => r.csvRows(made), header: r.header };
    },
  };
}

const REPORTS: readonly Entry[] = [
  entry('expiry', {
    summary: 'Packs in stock by days left until expiry: per bucket, and per warehouse, material and batch',
    response: ExpiryReport,
    header: EXPIRY_CSV_HEADER,
    csvRows: expiryCsvRows,
  }),
  entry('stock', {
    summary: 'Stock on hand per warehouse, material, batch and status, in packs, with cartons and pallets counted apart',
    response: StockReport,
    header: STOCK_CSV_HEADER,
    csvRows: stockCsvRows,
  }),
  entry('ledger', {
    summary:
      'Per warehouse, material and batch over the period (the last 30 days by default): packs in stock at the start, received, ' +
      'returned, transferred in, dispatched, scrapped, transferred out, adjusted, and at the end; and the stock at the end of each day',
    response: LedgerReport,
    header: LEDGER_CSV_HEADER,
    csvRows: ledgerCsvRows,
  }),
  entry('discrepancies', {
    summary: 'Completed receiving, dispatch and return documents with their short and over lines, and who completed them',
    response: DiscrepanciesReport,
    header: DISCREPANCIES_CSV_HEADER,
    csvRows: discrepanciesCsvRows,
  }),
  entry('productivity', {
    summary: 'Scans per user, hour and document type over the period, accepted and refused',
    response: ProductivityReport,
    header: PRODUCTIVITY_CSV_HEADER,
    csvRows: productivityCsvRows,
  }),
];

/** The reports (issue 32, decision 0077): read only, module REPORTS of the area; JSON, or CSV with `format=csv`. */
export function reportsRoutes(app: ZodApp, db: Db, work: ReportWork): void {
  for (const r of REPORTS) {
    app.get(`/api/reports/${r.name}`, {
      config: neededInArea(TOOL_NEEDS.reportsView),
      schema: {
        tags: ['reports'],
        summary: r.summary,
        description:
          'Read from the units, documents and scans themselves, in the warehouses of the area. Dates are YYYY-MM-DD, whole UTC ' +
          'days, `from` and `to` included. With `format=csv`: text/csv, a header row, then one row per line, numbers unformatted, ' +
          'dates ISO 8601, each field guarded against formula injection.',
        querystring: ReportQuery,
        response: { 200: z.union([r.response, z.string()]), ...errors },
      },
      handler: async (request, reply) => {
        const made = await r.answer(work, await appliedFilters(db, request.query));
        if (request.query.format === 'json') return made.json;
        return sendCsv(reply, `${r.name}-report`, made.header, made.csv());
      },
    });
  }
  // The home page's figures: JSON only, each from the report it links to (dashboard.ts).
  app.get('/api/reports/dashboard', {
    config: neededInArea(TOOL_NEEDS.reportsView),
    schema: {
      tags: ['reports'],
      summary: 'The home page figures: packs expiring within 30 days, packs in quarantine, open documents, scans accepted today',
      querystring: DashboardQuery,
      response: { 200: DashboardReport, ...errors },
    },
    handler: async (request) => work.make('dashboard', await appliedFilters(db, request.query)),
  });
}

function sendCsv(reply: FastifyReply, name: string, header: readonly string[], rows: CsvRow[]) {
  const csv = Readable.from(csvDocument(header, rows, new Slices()), { objectMode: false });
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      // A stream of pieces: Fastify pipes it as it is, past the serializer.
      .send(csv as unknown as string)
  );
}
