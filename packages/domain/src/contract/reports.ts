import { z } from 'zod';
import { APPLICATIONS } from '../permissions.ts';
import { UNIT_STATUSES } from '../units.ts';

/**
 * The reports (issue 32, decision 0077): `GET /api/reports/{name}` with `?area=RDC|LDC` as the other
 * routes, the filters below, and `format=json` (default) or `format=csv`. Each is read from the units,
 * documents and scans themselves (no counters of its own), in the warehouses of the asking area only, and
 * names the filters it applied. Dates are ISO 8601 calendar dates (YYYY-MM-DD), whole days in UTC; `from`
 * and `to` are both included.
 */
const IsoDate = z.iso.date();
const Code = z.string().min(1).max(40);

export const REPORT_NAMES = ['expiry', 'stock', 'ledger', 'discrepancies', 'productivity'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const ReportQuery = z.object({
  area: z.enum(APPLICATIONS).default('RDC'),
  /** One warehouse of the area; without it, every warehouse of the area. */
  warehouseNo: Code.optional(),
  materialNo: Code.optional(),
  batchNo: Code.optional(),
  /** First day of the period (included): discrepancies by completion, productivity by scan time. */
  from: IsoDate.optional(),
  /** Last day of the period (included). */
  to: IsoDate.optional(),
  /** expiry: the day the days left are counted from; today by default. */
  asOf: IsoDate.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ReportQuery = z.infer<typeof ReportQuery>;

/** The filters a report applied, as it applied them: defaults filled in (the area's warehouses, today). */
export const AppliedFilters = z.object({
  area: z.enum(APPLICATIONS),
  /** The warehouses read: the one asked for, else every warehouse of the area. */
  warehouseNos: z.array(z.string()),
  materialNo: z.string().nullable(),
  batchNo: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  asOf: z.string().nullable(),
});
export type AppliedFilters = z.infer<typeof AppliedFilters>;

/** Days left until expiry, in buckets: expired (before `asOf`), 0-30, 31-90, 91-180, over 180; a pack with no expiry apart. */
export const EXPIRY_BUCKETS = ['expired', '0-30', '31-90', '91-180', 'over-180', 'no-expiry'] as const;
export type ExpiryBucket = (typeof EXPIRY_BUCKETS)[number];

/** GET /api/reports/expiry: the packs in stock by days left until expiry, per bucket and per material and batch. */
export const ExpiryReport = z.object({
  filters: AppliedFilters,
  /** Every bucket, in EXPIRY_BUCKETS order, with its packs (0 when none). */
  buckets: z.array(z.object({ bucket: z.enum(EXPIRY_BUCKETS), packs: z.number() })),
  /** Per warehouse, material and batch, soonest expiry first. */
  lines: z.array(
    z.object({
      warehouseNo: z.string(),
      materialNo: z.string(),
      batchNo: z.string().nullable(),
      expiry: z.string().nullable(),
      /** Days from `asOf` to the expiry date (negative once expired); null with no expiry. */
      daysLeft: z.number().nullable(),
      bucket: z.enum(EXPIRY_BUCKETS),
      packs: z.number(),
    }),
  ),
});
export type ExpiryReport = z.infer<typeof ExpiryReport>;
export const EXPIRY_CSV_HEADER = ['warehouseNo', 'materialNo', 'batchNo', 'expiry', 'daysLeft', 'bucket', 'packs'] as const;

/** GET /api/reports/stock: stock on hand per warehouse, material, batch and status; cartons and pallets counted apart. */
export const StockReport = z.object({
  filters: AppliedFilters,
  lines: z.array(
    z.object({
      warehouseNo: z.string(),
      materialNo: z.string(),
      batchNo: z.string().nullable(),
      status: z.enum(UNIT_STATUSES),
      packs: z.number(),
      /** Cartons and pallets of this material, batch and status (a carton's or pallet's own, as search shows it). */
      cartons: z.number(),
      pallets: z.number(),
    }),
  ),
  totals: z.object({ packs: z.number(), cartons: z.number(), pallets: z.number() }),
});
export type StockReport = z.infer<typeof StockReport>;
export const STOCK_CSV_HEADER = ['warehouseNo', 'materialNo', 'batchNo', 'status', 'packs', 'cartons', 'pallets'] as const;

/** GET /api/reports/discrepancies: completed receiving, dispatch and return documents whose lines were short or over. */
export const DiscrepanciesReport = z.object({
  filters: AppliedFilters,
  /** Most recently completed first; only documents with a line whose scanned quantity differs from the expected. */
  documents: z.array(
    z.object({
      docType: z.string(),
      docNo: z.string(),
      warehouseNo: z.string(),
      completedAt: z.string(),
      /** The e-mail of the user who completed it, as the audit trail records it; null when none is recorded. */
      completedBy: z.string().nullable(),
      /** The lines that differ: scanned minus expected (negative: short; positive: over). */
      lines: z.array(
        z.object({
          lineNo: z.number(),
          materialNo: z.string(),
          batchNo: z.string().nullable(),
          expected: z.number(),
          scanned: z.number(),
          difference: z.number(),
        }),
      ),
    }),
  ),
});
export type DiscrepanciesReport = z.infer<typeof DiscrepanciesReport>;
export const DISCREPANCIES_CSV_HEADER = [
  'docType',
  'docNo',
  'warehouseNo',
  'completedAt',
  'completedBy',
  'lineNo',
  'materialNo',
  'batchNo',
  'expected',
  'scanned',
  'difference',
] as const;

/** GET /api/reports/productivity: scans per user, hour and document family over the period, accepted and refused. */
export const ProductivityReport = z.object({
  filters: AppliedFilters,
  /** Per user, hour (UTC, `YYYY-MM-DDTHH:00Z`) and document type, in hour order, then user, then type. */
  rows: z.array(
    z.object({
      user: z.string(),
      hour: z.string(),
      docType: z.string(),
      accepted: z.number(),
      refused: z.number(),
    }),
  ),
  /** Per user over the whole period. */
  users: z.array(z.object({ user: z.string(), accepted: z.number(), refused: z.number() })),
});
export type ProductivityReport = z.infer<typeof ProductivityReport>;
export const PRODUCTIVITY_CSV_HEADER = ['user', 'hour', 'docType', 'accepted', 'refused'] as const;

/**
 * GET /api/reports/ledger: per warehouse, material and batch over `from`..`to`, the packs in stock at the
 * start, each kind of movement, and at the end. closing = opening + received + returned + transferredIn −
 * dispatched − scrapped − transferredOut + adjusted, exactly; the closing of one period is the opening of
 * the next. Stock is `IN_STOCK` (decision 0077); every movement is a pack entering or leaving it.
 */
export const LedgerLine = z.object({
  warehouseNo: z.string(),
  materialNo: z.string(),
  batchNo: z.string().nullable(),
  opening: z.number(),
  received: z.number(),
  returned: z.number(),
  transferredIn: z.number(),
  dispatched: z.number(),
  scrapped: z.number(),
  transferredOut: z.number(),
  /** Entered (positive) or left (negative) stock other than by a document's completion: status edits, EPCIS intake. */
  adjusted: z.number(),
  closing: z.number(),
});
export const LedgerReport = z.object({
  filters: AppliedFilters,
  lines: z.array(LedgerLine),
  /** The filtered stock at the end of each day of the period (all lines together), for a line over time. */
  days: z.array(z.object({ date: z.string(), closing: z.number() })),
});
export type LedgerReport = z.infer<typeof LedgerReport>;
export const LEDGER_CSV_HEADER = [
  'warehouseNo',
  'materialNo',
  'batchNo',
  'opening',
  'received',
  'returned',
  'transferredIn',
  'dispatched',
  'scrapped',
  'transferredOut',
  'adjusted',
  'closing',
] as const;

/**
 * GET /api/reports/dashboard: the home page's four figures for a user with module REPORTS, each from the
 * report it links to (the same functions, never a second count).
 */
export const DashboardReport = z.object({
  filters: AppliedFilters,
  /** Packs in stock expiring within 30 days of today (the expiry report's '0-30' bucket). */
  expiringWithin30Days: z.number(),
  /** Packs in stock in status QUARANTINE (the stock report's lines). */
  quarantinedPacks: z.number(),
  /** Documents of the area's warehouses not completed yet. */
  openDocuments: z.number(),
  /** Scans accepted today (the productivity report's rows). */
  scansToday: z.number(),
});
export type DashboardReport = z.infer<typeof DashboardReport>;
