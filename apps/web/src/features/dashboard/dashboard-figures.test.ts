import { describe, expect, it } from 'vitest';
import type { DashboardReport } from '@pharma/domain/contract/reports';
import { REPORTS_PAGES } from '../../config/navigation.ts';
import { dashboardFigures, serverDay } from './dashboard-figures.ts';

const answer: DashboardReport = {
  filters: {
    area: 'LDC',
    warehouseNos: ['W3010'],
    materialNo: null,
    batchNo: null,
    from: '2026-11-26',
    to: '2026-11-26',
    asOf: '2026-11-26',
  },
  expiringWithin30Days: 1,
  quarantinedPacks: 0,
  openDocuments: 12,
  scansToday: 1234,
};

/** A link's path and query, as the Reports page reads it (`?report=…&asOf=…`). */
const parts = (to: string) => {
  const [path, query = ''] = to.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(query)) };
};

describe('dashboardFigures', () => {
  it('gives each figure from the answer, with its words and the report it is read from', () => {
    const figures = dashboardFigures('LDC', answer);
    expect(figures.map((f) => [f.key, f.value, f.words, f.opens])).toEqual([
      ['expiring', 1, 'pack expiring within 30 days', 'Expiry report'],
      ['quarantined', 0, 'packs in quarantine', 'Stock report'],
      ['openDocuments', 12, 'open documents', 'Discrepancies today'],
      ['scansToday', 1234, 'scans today', 'Productivity today'],
    ]);
  });

  it('links each figure to its report with the filters the server counted: the day it counted, no warehouse', () => {
    expect(dashboardFigures('LDC', answer).map((f) => parts(f.to))).toEqual([
      { path: '/ldc/reports', query: { report: 'expiry', asOf: '2026-11-26' } },
      { path: '/ldc/reports', query: { report: 'stock' } },
      { path: '/ldc/reports', query: { report: 'discrepancies', from: '2026-11-26', to: '2026-11-26' } },
      { path: '/ldc/reports', query: { report: 'productivity', from: '2026-11-26', to: '2026-11-26' } },
    ]);
  });

  it('without an answer (loading, failed) has no numbers and links to the server’s day, in UTC', () => {
    // 23:30 on the 26th in UTC is already the 27th east of Greenwich: the reports count UTC days.
    const now = new Date('2026-11-26T23:30:00Z');
    const figures = dashboardFigures('RDC', undefined, now);
    expect(figures.map((f) => f.value)).toEqual([undefined, undefined, undefined, undefined]);
    expect(figures[0]!.words).toBe('packs expiring within 30 days');
    expect(figures[0]!.to).toBe('/rdc/reports?report=expiry&asOf=2026-11-26');
    expect(figures[3]!.to).toBe('/rdc/reports?report=productivity&from=2026-11-26&to=2026-11-26');
    expect(serverDay(now)).toBe('2026-11-26');
  });
});

describe('REPORTS_PAGES', () => {
  it('is the page alone, or a report with its filters in the page’s key order, blanks left out', () => {
    expect(REPORTS_PAGES.page('RDC')).toBe('/rdc/reports');
    expect(REPORTS_PAGES.page('LDC', { report: 'stock', to: '2026-11-30', warehouseNo: 'W3010', batchNo: ' ', from: '2026-11-01' })).toBe(
      '/ldc/reports?report=stock&warehouseNo=W3010&from=2026-11-01&to=2026-11-30',
    );
  });
});
