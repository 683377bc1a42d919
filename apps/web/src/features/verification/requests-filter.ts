import { validateDateRange } from '@pharma/domain';
import type { VerificationOutcome } from '@pharma/domain/contract/verification';

/**
 * The Verification page's filter (issue 28): every request, or only the alerts or the pending ones (the
 * API's outcome filter), of a period of request days. It is the page's query, in the API's own names
 * (`?outcome=alert&from=2026-11-01&to=2026-11-26`), so Back and a link bring it again.
 */
export const SHOWS = ['all', 'alert', 'pending'] as const satisfies readonly ('all' | VerificationOutcome)[];
export type Show = (typeof SHOWS)[number];

export interface RequestsFilter {
  show: Show;
  /** The first and last request day, 'YYYY-MM-DD'; either may be left open. */
  from?: string;
  to?: string;
}

/** A real day written 'YYYY-MM-DD', or undefined (a day a hand-typed URL gets wrong is left out, not sent). */
function day(value: string | null): string | undefined {
  return value !== null && validateDateRange(value, value).ok ? value : undefined;
}

/** The filter a page query names; anything it cannot read is left out. */
export function filterFromQuery(query: URLSearchParams): RequestsFilter {
  const outcome = query.get('outcome');
  const from = day(query.get('from'));
  const to = day(query.get('to'));
  return {
    show: SHOWS.find((show) => show !== 'all' && show === outcome) ?? 'all',
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** The page query, and the API's, of a filter: the outcome unless all are shown, then each day given. */
export function queryFromFilter(filter: RequestsFilter): URLSearchParams {
  return new URLSearchParams(requestsQuery(filter));
}

/** The query of GET /api/verificationRequests for a filter (the area is added by the caller): the page query's values. */
export function requestsQuery(filter: RequestsFilter): { outcome?: Exclude<Show, 'all'>; from?: string; to?: string } {
  return {
    ...(filter.show !== 'all' ? { outcome: filter.show } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

/**
 * Why a period cannot be applied, or undefined: with both days, the start on or before the end and less
 * than a year between them (spec point 5, as every list's date filter); one day alone leaves the other open.
 */
export function periodError(from: string, to: string): string | undefined {
  if (from === '' && to === '') return undefined;
  const result = validateDateRange(from || to, to || from);
  return result.ok ? undefined : result.message;
}
