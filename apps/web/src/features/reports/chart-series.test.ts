import { describe, expect, it } from 'vitest';
import type { AppliedFilters, ExpiryReport, LedgerReport, ProductivityReport } from '@pharma/domain/contract/reports';
import {
  dayTicks,
  expirySeries,
  hourTicks,
  ledgerChartName,
  ledgerSeries,
  paddedRange,
  productivitySeries,
  unixSeconds,
} from './chart-series.ts';

const filters: AppliedFilters = {
  area: 'RDC',
  warehouseNos: ['W2010'],
  materialNo: null,
  batchNo: null,
  from: '2026-11-24',
  to: '2026-11-26',
  asOf: null,
};

describe('report times as the charts place them', () => {
  it('reads a day as its start and a report hour as that hour, in UTC', () => {
    expect(unixSeconds('1970-01-02')).toBe(86_400);
    expect(unixSeconds('2026-11-26')).toBe(Date.UTC(2026, 10, 26) / 1000);
    expect(unixSeconds('2026-11-26T14:00Z')).toBe(Date.UTC(2026, 10, 26, 14) / 1000);
    expect(unixSeconds('2026-11-26T14:00:00.000Z')).toBe(Date.UTC(2026, 10, 26, 14) / 1000);
  });

  it('places nothing it cannot read', () => {
    expect(unixSeconds('')).toBeNull();
    expect(unixSeconds('26/11/2026')).toBeNull();
    expect(unixSeconds('2026-11-26T14:00')).toBeNull();
  });
});

describe('time axis ticks, in UTC as the reports count', () => {
  const at = (text: string) => unixSeconds(text)!;
  it('spans the values and half a step either side, a lone value in the middle', () => {
    expect(paddedRange([7200, 3600, 14_400], 3600)).toEqual([1800, 16_200]);
    expect(paddedRange([86_400], 86_400)).toEqual([43_200, 129_600]);
    expect(paddedRange([], 3600)).toBeUndefined();
  });

  it('writes a day as MM-DD', () => {
    expect(dayTicks([at('2026-11-26'), at('2026-12-01')])).toEqual(['11-26', '12-01']);
  });

  it('writes an hour as HH:00, with its day under the first and under each new day', () => {
    expect(hourTicks([at('2026-11-26T22:00Z'), at('2026-11-26T23:00Z'), at('2026-11-27T00:00Z')])).toEqual([
      '22:00\n11-26',
      '23:00',
      '00:00\n11-27',
    ]);
    expect(hourTicks([])).toEqual([]);
  });
});

describe('a report as chart series', () => {
  it('draws the expiry buckets in the report order, one bar each, empty ones at 0', () => {
    const report: ExpiryReport = {
      filters,
      buckets: [
        { bucket: 'expired', packs: 2 },
        { bucket: '0-30', packs: 0 },
        { bucket: '31-90', packs: 7 },
        { bucket: '91-180', packs: 0 },
        { bucket: 'over-180', packs: 1200 },
        { bucket: 'no-expiry', packs: 0 },
      ],
      lines: [],
    };
    expect(expirySeries(report)).toEqual({
      buckets: ['expired', '0-30', '31-90', '91-180', 'over-180', 'no-expiry'],
      x: [0, 1, 2, 3, 4, 5],
      packs: [2, 0, 7, 0, 1200, 0],
    });
  });

  it("draws the ledger's closing stock day by day, in date order", () => {
    const report: LedgerReport = {
      filters,
      lines: [],
      days: [
        { date: '2026-11-25', closing: 9 },
        { date: '2026-11-24', closing: 7 },
        { date: 'soon', closing: 1 },
        { date: '2026-11-26', closing: 4 },
      ],
    };
    const day = (d: string) => unixSeconds(d)!;
    expect(ledgerSeries(report)).toEqual({
      x: [day('2026-11-24'), day('2026-11-25'), day('2026-11-26')],
      closing: [7, 9, 4],
    });
    expect(ledgerSeries({ ...report, days: [] })).toEqual({ x: [], closing: [] });
  });

  it('names the ledger chart with the first and last day it draws', () => {
    const report: LedgerReport = {
      filters,
      lines: [],
      days: [
        { date: '2026-11-26', closing: 4 },
        { date: '2026-11-24', closing: 7 },
      ],
    };
    expect(ledgerChartName(report)).toBe('Chart: packs in stock at the end of each day, 2026-11-24 to 2026-11-26');
    expect(ledgerChartName({ ...report, days: [] })).toBe('Chart: packs in stock at the end of each day');
  });

  it('adds up each hour over users and document types, accepted and refused apart, in hour order', () => {
    const report: ProductivityReport = {
      filters,
      rows: [
        { user: 'b@demo.local', hour: '2026-11-26T15:00Z', docType: 'OBD', accepted: 4, refused: 0 },
        { user: 'a@demo.local', hour: '2026-11-26T09:00Z', docType: 'IBD', accepted: 10, refused: 1 },
        { user: 'b@demo.local', hour: '2026-11-26T09:00Z', docType: 'IBD', accepted: 5, refused: 2 },
        { user: 'a@demo.local', hour: '2026-11-26T09:00Z', docType: 'RMA', accepted: 1, refused: 0 },
        { user: 'a@demo.local', hour: 'later', docType: 'RMA', accepted: 99, refused: 99 },
      ],
      users: [],
    };
    const hour = (h: string) => unixSeconds(h)!;
    expect(productivitySeries(report)).toEqual({
      x: [hour('2026-11-26T09:00Z'), hour('2026-11-26T15:00Z')],
      accepted: [16, 4],
      refused: [3, 0],
    });
    expect(productivitySeries({ ...report, rows: [] })).toEqual({ x: [], accepted: [], refused: [] });
  });
});
