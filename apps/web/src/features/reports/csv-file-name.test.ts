import { describe, expect, it } from 'vitest';
import { csvFileName } from './csv-file-name.ts';

describe('the CSV file name from Content-Disposition', () => {
  it('takes the quoted or bare file name', () => {
    expect(csvFileName('attachment; filename="stock-report.csv"', 'x.csv')).toBe('stock-report.csv');
    expect(csvFileName('attachment; filename=expiry-report.csv; size=10', 'x.csv')).toBe('expiry-report.csv');
  });

  it("prefers RFC 6266's encoded name", () => {
    expect(csvFileName(`attachment; filename="a.csv"; filename*=UTF-8''stock%20report.csv`, 'x.csv')).toBe('stock_report.csv');
  });

  it('keeps no path, quote or leading dot, and falls back when there is no name', () => {
    expect(csvFileName('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('_.._etc_passwd');
    expect(csvFileName('attachment', 'productivity-report.csv')).toBe('productivity-report.csv');
    expect(csvFileName(null, 'productivity-report.csv')).toBe('productivity-report.csv');
    expect(csvFileName(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
  });
});
