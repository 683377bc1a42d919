import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../lib/api/paths.ts';
import { filterFromQuery, periodError, queryFromFilter, requestsQuery } from './requests-filter.ts';

const requestsPath = (filter: Parameters<typeof requestsQuery>[0]) => apiUrl('/api/verificationRequests', { query: requestsQuery(filter) });

describe('the Verification page filter', () => {
  it('reads the page query in the API names, leaving out what it cannot read', () => {
    expect(filterFromQuery(new URLSearchParams('outcome=alert&from=2026-11-01&to=2026-11-26'))).toEqual({
      show: 'alert',
      from: '2026-11-01',
      to: '2026-11-26',
    });
    expect(filterFromQuery(new URLSearchParams('outcome=pending'))).toEqual({ show: 'pending' });
    // Outcomes the page offers no filter for, and days that are none, are left out: all is shown.
    expect(filterFromQuery(new URLSearchParams('outcome=verified&from=2026-02-30&to=yesterday'))).toEqual({ show: 'all' });
    expect(filterFromQuery(new URLSearchParams())).toEqual({ show: 'all' });
  });

  it('writes the query back and asks the API with it, the outcome left out when all are shown', () => {
    const filter = { show: 'alert', from: '2026-11-01' } as const;
    expect(queryFromFilter(filter).toString()).toBe('outcome=alert&from=2026-11-01');
    expect(filterFromQuery(queryFromFilter(filter))).toEqual(filter);
    expect(requestsPath(filter)).toBe('/api/verificationRequests?outcome=alert&from=2026-11-01');
    expect(requestsPath({ show: 'all' })).toBe('/api/verificationRequests');
    expect(requestsPath({ show: 'pending', to: '2026-11-26' })).toBe('/api/verificationRequests?outcome=pending&to=2026-11-26');
  });

  it('takes a period with one day or both, refusing a reversed one or one of a year or more with the catalogue text', () => {
    expect(periodError('', '')).toBeUndefined();
    expect(periodError('2026-11-01', '')).toBeUndefined();
    expect(periodError('', '2026-11-26')).toBeUndefined();
    expect(periodError('2026-11-01', '2026-11-26')).toBeUndefined();
    expect(periodError('2026-11-26', '2026-11-01')).toBe(
      'The start date 2026-11-26 is after the end date 2026-11-01: choose a start date on or before the end date.',
    );
    expect(periodError('2025-11-01', '2026-11-01')).toBe('Please select a valid date range of less than 1 year');
  });
});
