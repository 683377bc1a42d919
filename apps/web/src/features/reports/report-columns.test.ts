import { describe, expect, it } from 'vitest';
import type { AppliedFilters } from '@pharma/domain/contract/reports';
import {
  appliedText,
  bucketName,
  DISCREPANCY_COLUMNS,
  documentName,
  EXPIRY_COLUMNS,
  formatCount,
  formatDifference,
  formatHour,
  LEDGER_COLUMNS,
  PRODUCTIVITY_COLUMNS,
  STOCK_COLUMNS,
} from './report-columns.ts';
import {
  DISCREPANCIES_CSV_HEADER,
  EXPIRY_CSV_HEADER,
  LEDGER_CSV_HEADER,
  PRODUCTIVITY_CSV_HEADER,
  STOCK_CSV_HEADER,
} from '@pharma/domain/contract/reports';

const cells = <T>(columns: { cell: (row: T) => string }[], row: T) => columns.map((c) => c.cell(row));

describe('report figures as the tables show them', () => {
  it('groups counts by thousands and signs a difference', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatDifference(2)).toBe('+2');
    expect(formatDifference(-1500)).toBe('\u22121,500');
    expect(formatDifference(0)).toBe('0');
  });

  it('shows a report hour as its UTC hour, and anything else as it came', () => {
    expect(formatHour('2026-11-26T14:00Z')).toBe('2026-11-26 14:00');
    expect(formatHour('2026-11-26T09:00:00.000Z')).toBe('2026-11-26 09:00');
    expect(formatHour('soon')).toBe('soon');
  });

  it('names the expiry buckets and documents in words', () => {
    expect(bucketName('over-180')).toBe('Over 180 days');
    expect(bucketName('no-expiry')).toBe('No expiry');
    expect(documentName('OBD', '8400000001')).toBe('OBD No. 8400000001');
    expect(documentName('ZZZ', '1')).toBe('ZZZ 1');
  });
});

describe('report columns', () => {
  it('follow the CSV header, column for column', () => {
    expect(EXPIRY_COLUMNS.map((c) => c.key)).toEqual([...EXPIRY_CSV_HEADER]);
    expect(STOCK_COLUMNS.map((c) => c.key)).toEqual([...STOCK_CSV_HEADER]);
    expect(LEDGER_COLUMNS.map((c) => c.key)).toEqual([...LEDGER_CSV_HEADER]);
    expect(DISCREPANCY_COLUMNS.map((c) => c.key)).toEqual(DISCREPANCIES_CSV_HEADER.slice(5));
    expect(PRODUCTIVITY_COLUMNS.map((c) => c.key)).toEqual([...PRODUCTIVITY_CSV_HEADER]);
  });

  it('write a missing batch, expiry or days left as a dash, and figures formatted', () => {
    const line = {
      warehouseNo: 'W2010',
      materialNo: 'M1',
      batchNo: null,
      expiry: null,
      daysLeft: null,
      bucket: 'no-expiry' as const,
      packs: 1200,
    };
    expect(cells(EXPIRY_COLUMNS, line)).toEqual(['W2010', 'M1', '–', '–', '–', 'No expiry', '1,200']);
    const expired = { ...line, batchNo: 'B1', expiry: '2026-01-31', daysLeft: -3, bucket: 'expired' as const, packs: 2 };
    expect(cells(EXPIRY_COLUMNS, expired)).toEqual(['W2010', 'M1', 'B1', '2026-01-31', '-3', 'Expired', '2']);
    const short = { lineNo: 10, materialNo: 'M1', batchNo: 'B1', expected: 5, scanned: 3, difference: -2 };
    expect(cells(DISCREPANCY_COLUMNS, short)).toEqual(['10', 'M1', 'B1', '5', '3', '\u22122']);
    const row = { user: 'rdc@demo.local', hour: '2026-11-26T14:00Z', docType: 'IBD', accepted: 12, refused: 1 };
    expect(cells(PRODUCTIVITY_COLUMNS, row)).toEqual(['rdc@demo.local', '2026-11-26 14:00', 'IBD', '12', '1']);
  });

  it("write a ledger line's movements as counts, its adjustment signed", () => {
    const line = {
      warehouseNo: 'W2010',
      materialNo: 'M1',
      batchNo: null,
      opening: 1200,
      received: 7,
      returned: 1,
      transferredIn: 0,
      dispatched: 3,
      scrapped: 1,
      transferredOut: 2,
      adjusted: -1,
      closing: 1201,
    };
    expect(cells(LEDGER_COLUMNS, line)).toEqual(['W2010', 'M1', '–', '1,200', '7', '1', '0', '3', '1', '2', '\u22121', '1,201']);
    expect(cells(LEDGER_COLUMNS, { ...line, adjusted: 4 })[10]).toBe('+4');
  });

  it('right-align figures only', () => {
    expect(STOCK_COLUMNS.filter((c) => c.numeric).map((c) => c.key)).toEqual(['packs', 'cartons', 'pallets']);
  });
});

describe('the filters a report applied, in words', () => {
  const filters: AppliedFilters = {
    area: 'RDC',
    warehouseNos: ['W2010', 'W2020'],
    materialNo: null,
    batchNo: null,
    from: null,
    to: null,
    asOf: '2026-11-26',
  };

  it('names the warehouses read, the material and batch chosen, and the day or period of the report', () => {
    expect(appliedText(filters, 'expiry')).toBe('Warehouses: W2010, W2020 · as of 2026-11-26');
    expect(appliedText({ ...filters, materialNo: 'M1', batchNo: 'B1' }, 'stock')).toBe(
      'Warehouses: W2010, W2020 · Material No. M1 · Batch No. B1',
    );
    expect(appliedText(filters, 'discrepancies')).toBe('Warehouses: W2010, W2020 · all dates');
    expect(appliedText({ ...filters, from: '2026-10-28', to: '2026-11-26' }, 'ledger')).toBe(
      'Warehouses: W2010, W2020 · 2026-10-28 to 2026-11-26',
    );
    expect(appliedText({ ...filters, from: '2026-11-01', to: '2026-11-30' }, 'productivity')).toBe(
      'Warehouses: W2010, W2020 · 2026-11-01 to 2026-11-30',
    );
    expect(appliedText({ ...filters, from: '2026-11-01' }, 'productivity')).toContain('from 2026-11-01');
    expect(appliedText({ ...filters, to: '2026-11-30' }, 'productivity')).toContain('up to 2026-11-30');
    expect(appliedText({ ...filters, warehouseNos: [] }, 'stock')).toBe('Warehouses: none');
  });
});
