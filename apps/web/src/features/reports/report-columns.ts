import { familyOf } from '@pharma/domain';
import type {
  AppliedFilters,
  DiscrepanciesReport,
  ExpiryBucket,
  ExpiryReport,
  LedgerReport,
  ProductivityReport,
  ReportName,
  StockReport,
} from '@pharma/domain/contract/reports';
import { fillLabel, REPORTS_UI } from '../../config/labels.ts';
import { formatDateTime } from '../../lib/local-day.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { reportDates } from './report-filters.ts';

/**
 * How the report tables show their figures (the CSV keeps them raw): counts grouped by thousands, a
 * difference with its sign, a missing value as a dash, a report hour as the UTC hour it counts.
 */
export function formatCount(value: number): string {
  return formatNumber(value);
}

/** Scanned minus expected: '+2' over, '−3' short (a real minus sign), '0'. */
export function formatDifference(value: number): string {
  if (value > 0) return `+${formatCount(value)}`;
  if (value < 0) return `\u2212${formatCount(-value)}`;
  return '0';
}

/** A value the report leaves empty (a pack with no batch or no expiry, a document nobody is recorded completing). */
export function orNone(value: string | number | null): string {
  if (value === null || value === '') return REPORTS_UI.none;
  return typeof value === 'number' ? formatCount(value) : value;
}

/** 'YYYY-MM-DDTHH:00Z' as 'YYYY-MM-DD HH:00': the column's header says the hours are UTC, as the report counts them. */
export function formatHour(hour: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}/.exec(hour);
  return match ? `${match[1]} ${match[2]}:00` : hour;
}

export function bucketName(bucket: ExpiryBucket): string {
  return REPORTS_UI.bucketNames[bucket];
}

/** A document as lists and search name it: 'OBD No. 8400000001'. */
export function documentName(docType: string, docNo: string): string {
  return `${familyOf(docType)?.labels.number ?? docType} ${docNo}`;
}

/** When and by whom a document was completed, in the device's time. */
export function completedText(completedAt: string, completedBy: string | null): string {
  const at = formatDateTime(completedAt);
  return completedBy ? fillLabel(REPORTS_UI.completed, { at, by: completedBy }) : fillLabel(REPORTS_UI.completedNoOne, { at });
}

/** A table column: its header, its cell's text, and whether it holds a figure (right-aligned). */
export interface Column<T> {
  key: string;
  label: string;
  cell: (row: T) => string;
  numeric?: boolean;
}

const C = REPORTS_UI.columns;
const text = <T>(key: keyof typeof C, cell: (row: T) => string | null): Column<T> => ({
  key,
  label: C[key],
  cell: (row) => orNone(cell(row)),
});
const figure = <T>(key: keyof typeof C, cell: (row: T) => number): Column<T> => ({
  key,
  label: C[key],
  cell: (row) => formatCount(cell(row)),
  numeric: true,
});

type ExpiryLine = ExpiryReport['lines'][number];
type StockLine = StockReport['lines'][number];
type LedgerLine = LedgerReport['lines'][number];
type DiscrepancyLine = DiscrepanciesReport['documents'][number]['lines'][number];
type ProductivityRow = ProductivityReport['rows'][number];
type UserTotal = ProductivityReport['users'][number];

/** The columns of each table, in the order of the contract's lines (and of its CSV header). */
export const EXPIRY_COLUMNS: Column<ExpiryLine>[] = [
  text('warehouseNo', (l) => l.warehouseNo),
  text('materialNo', (l) => l.materialNo),
  text('batchNo', (l) => l.batchNo),
  text('expiry', (l) => l.expiry),
  { key: 'daysLeft', label: C.daysLeft, cell: (l) => orNone(l.daysLeft), numeric: true },
  text('bucket', (l) => bucketName(l.bucket)),
  figure('packs', (l) => l.packs),
];

export const STOCK_COLUMNS: Column<StockLine>[] = [
  text('warehouseNo', (l) => l.warehouseNo),
  text('materialNo', (l) => l.materialNo),
  text('batchNo', (l) => l.batchNo),
  text('status', (l) => l.status),
  figure('packs', (l) => l.packs),
  figure('cartons', (l) => l.cartons),
  figure('pallets', (l) => l.pallets),
];

export const LEDGER_COLUMNS: Column<LedgerLine>[] = [
  text('warehouseNo', (l) => l.warehouseNo),
  text('materialNo', (l) => l.materialNo),
  text('batchNo', (l) => l.batchNo),
  figure('opening', (l) => l.opening),
  figure('received', (l) => l.received),
  figure('returned', (l) => l.returned),
  figure('transferredIn', (l) => l.transferredIn),
  figure('dispatched', (l) => l.dispatched),
  figure('scrapped', (l) => l.scrapped),
  figure('transferredOut', (l) => l.transferredOut),
  { key: 'adjusted', label: C.adjusted, cell: (l) => formatDifference(l.adjusted), numeric: true },
  figure('closing', (l) => l.closing),
];

export const DISCREPANCY_COLUMNS: Column<DiscrepancyLine>[] = [
  figure('lineNo', (l) => l.lineNo),
  text('materialNo', (l) => l.materialNo),
  text('batchNo', (l) => l.batchNo),
  figure('expected', (l) => l.expected),
  figure('scanned', (l) => l.scanned),
  { key: 'difference', label: C.difference, cell: (l) => formatDifference(l.difference), numeric: true },
];

export const PRODUCTIVITY_COLUMNS: Column<ProductivityRow>[] = [
  text('user', (r) => r.user),
  text('hour', (r) => formatHour(r.hour)),
  text('docType', (r) => r.docType),
  figure('accepted', (r) => r.accepted),
  figure('refused', (r) => r.refused),
];

export const USER_COLUMNS: Column<UserTotal>[] = [
  text('user', (r) => r.user),
  figure('accepted', (r) => r.accepted),
  figure('refused', (r) => r.refused),
];

/**
 * What the report read, as the server applied it (its answer's `filters`): the warehouses (the area's
 * when none was chosen), material and batch when chosen, and the day or period the report takes.
 */
export function appliedText(filters: AppliedFilters, report: ReportName): string {
  const parts = [
    fillLabel(REPORTS_UI.appliedWarehouses, { list: filters.warehouseNos.join(', ') || REPORTS_UI.noWarehouse }),
    filters.materialNo && `${REPORTS_UI.materialNo} ${filters.materialNo}`,
    filters.batchNo && `${REPORTS_UI.batchNo} ${filters.batchNo}`,
  ];
  const dates = reportDates(report);
  if (dates.includes('asOf') && filters.asOf) parts.push(fillLabel(REPORTS_UI.appliedAsOf, { date: filters.asOf }));
  if (dates.includes('from')) parts.push(periodText(filters.from, filters.to));
  return parts.filter(Boolean).join(' · ');
}

function periodText(from: string | null, to: string | null): string {
  if (from && to) return fillLabel(REPORTS_UI.appliedPeriod, { from, to });
  if (from) return fillLabel(REPORTS_UI.appliedSince, { from });
  if (to) return fillLabel(REPORTS_UI.appliedUntil, { to });
  return REPORTS_UI.appliedAllTime;
}
