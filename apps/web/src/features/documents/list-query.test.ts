import { describe, expect, it } from 'vitest';
import { checkDateRange, checkSearchWord, listSearchParams, pageCount, readListQuery } from './list-query.ts';

describe('list state in the URL', () => {
  it('defaults to page 1, Most Recent, no filters', () => {
    expect(readListQuery(new URLSearchParams(''))).toEqual({ page: 1, sort: 'recent' });
  });

  it('reads repeated statuses, the sort, the search word and the dates', () => {
    const query = readListQuery(
      new URLSearchParams(
        'page=3&status=Open&status=In%20Progress&status=Open&sort=number&search=%20DOC10%20&from=2026-01-01&to=2026-03-01',
      ),
    );
    expect(query).toEqual({
      page: 3,
      status: ['Open', 'In Progress'],
      sort: 'number',
      search: 'DOC10',
      from: '2026-01-01',
      to: '2026-03-01',
    });
  });

  it('drops what it cannot read', () => {
    expect(readListQuery(new URLSearchParams('page=-2&status=Lost&sort=weird&from=2026-01-01'))).toEqual({ page: 1, sort: 'recent' });
    expect(readListQuery(new URLSearchParams('page=1.5'))).toEqual({ page: 1, sort: 'recent' });
  });

  it('round-trips through query parameters', () => {
    const query = {
      page: 2,
      status: ['Open' as const, 'Completed' as const],
      sort: 'number' as const,
      search: '40000',
      from: '2026-01-01',
      to: '2026-02-01',
    };
    expect(readListQuery(listSearchParams(query))).toEqual(query);
    expect(listSearchParams(query).toString()).toBe(
      'page=2&status=Open&status=Completed&search=40000&sort=number&from=2026-01-01&to=2026-02-01',
    );
  });

  it('leaves the defaults out of the page URL but sends them to the API', () => {
    expect(listSearchParams({ page: 1, sort: 'recent' }, { compact: true }).toString()).toBe('');
    expect(listSearchParams({ page: 1, sort: 'recent' }).toString()).toBe('page=1&sort=recent');
    expect(listSearchParams({ page: 1, sort: 'recent', status: 'Open' }).toString()).toBe('page=1&status=Open&sort=recent');
  });
});

describe('filter checks', () => {
  it('needs at least 5 characters to search, or none', () => {
    expect(checkSearchWord('')).toEqual({ ok: true });
    expect(checkSearchWord('  ')).toEqual({ ok: true });
    expect(checkSearchWord('1234')).toEqual({ ok: false, message: 'Please enter at least 5 characters to search.' });
    expect(checkSearchWord('12345')).toEqual({ ok: true });
  });

  it('needs a date range under one year, or none', () => {
    expect(checkDateRange('', '')).toEqual({ ok: true });
    expect(checkDateRange('2026-01-01', '2026-12-31')).toEqual({ ok: true });
    const invalid = { ok: false, message: 'Please select a valid date range of less than 1 year' };
    expect(checkDateRange('2026-01-01', '2027-01-01')).toEqual(invalid);
    expect(checkDateRange('2026-03-01', '2026-02-01')).toEqual({
      ok: false,
      message: 'The start date 2026-03-01 is after the end date 2026-02-01: choose a start date on or before the end date.',
    });
    expect(checkDateRange('2026-03-01', '')).toEqual(invalid);
  });

  it('counts pages of 20', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
