import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../lib/api/paths.ts';
import { choiceFromQuery, queryFromChoice, reportApiQuery, reportDates, reportFields, type ReportChoice } from './report-filters.ts';

const q = (text: string) => new URLSearchParams(text);

describe('the page query and the report choice', () => {
  it('reads the report and every non-blank filter, trimmed; the first report when none or an unknown one is named', () => {
    expect(choiceFromQuery(q(''))).toEqual({ report: 'expiry' });
    expect(choiceFromQuery(q('report=charts'))).toEqual({ report: 'expiry' });
    expect(choiceFromQuery(q('report=stock&warehouseNo=%20W2010%20&materialNo=&batchNo=B%201&from=2026-01-01&other=x'))).toEqual({
      report: 'stock',
      warehouseNo: 'W2010',
      batchNo: 'B 1',
      from: '2026-01-01',
    });
  });

  it('writes a choice back as the same query, blanks left out, so Back and a link bring it again', () => {
    const choice = { report: 'discrepancies' as const, warehouseNo: 'W2010', materialNo: ' ', from: '2026-11-01', to: '2026-11-30' };
    const query = queryFromChoice(choice);
    expect(query.toString()).toBe('report=discrepancies&warehouseNo=W2010&from=2026-11-01&to=2026-11-30');
    expect(choiceFromQuery(query)).toEqual({ report: 'discrepancies', warehouseNo: 'W2010', from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps the dates another report reads when the tab changes (a look at the stock does not lose the period)', () => {
    const query = queryFromChoice({ report: 'stock', from: '2026-11-01', asOf: '2026-12-01' });
    expect(choiceFromQuery(query)).toEqual({ report: 'stock', from: '2026-11-01', asOf: '2026-12-01' });
  });
});

describe('the filters each report takes', () => {
  it('offers the dates the report reads (as of for expiry, a period for discrepancies and productivity, none for stock), and no batch for productivity', () => {
    expect(reportFields('expiry')).toEqual(['warehouseNo', 'materialNo', 'batchNo', 'asOf']);
    expect(reportFields('stock')).toEqual(['warehouseNo', 'materialNo', 'batchNo']);
    expect(reportFields('ledger')).toEqual(['warehouseNo', 'materialNo', 'batchNo', 'from', 'to']);
    expect(reportFields('discrepancies')).toEqual(['warehouseNo', 'materialNo', 'batchNo', 'from', 'to']);
    expect(reportFields('productivity')).toEqual(['warehouseNo', 'from', 'to']);
    expect(reportDates('expiry')).toEqual(['asOf']);
    expect(reportDates('stock')).toEqual([]);
    expect(reportDates('ledger')).toEqual(['from', 'to']);
    expect(reportDates('productivity')).toEqual(['from', 'to']);
  });

  it('asks the API with those filters only, encoded, as JSON or CSV', () => {
    const reportPath = (choice: ReportChoice, format?: 'csv') =>
      apiUrl(`/api/reports/${choice.report}`, { query: reportApiQuery(choice, format) });
    expect(reportPath({ report: 'stock' })).toBe('/api/reports/stock');
    expect(reportPath({ report: 'stock', asOf: '2026-11-26', from: '2026-11-01', batchNo: 'B/1 &2' })).toBe(
      '/api/reports/stock?batchNo=B%2F1+%262',
    );
    expect(reportPath({ report: 'expiry', warehouseNo: 'W2010', asOf: '2026-11-26', to: '2026-11-30' }, 'csv')).toBe(
      '/api/reports/expiry?warehouseNo=W2010&asOf=2026-11-26&format=csv',
    );
    expect(reportPath({ report: 'productivity', batchNo: 'B1', from: '2026-11-30', to: '2026-11-01' })).toBe(
      '/api/reports/productivity?from=2026-11-30&to=2026-11-01',
    );
  });
});
