import { DOCUMENT_STATUSES, validateDateRange, validateSearchWord, type DocumentStatus } from '@pharma/domain';
import type { ListQuery } from '@pharma/domain/contract/inventory';
import { DOCUMENT_SORTS } from '../../lib/api/contract/inventory.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isStatus(value: string): value is DocumentStatus {
  return (DOCUMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * Reads a document list's filter state (spec point 3), kept in the page's URL; anything unreadable
 * falls back to the default (page 1, Most Recent).
 */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const statuses = params.getAll('status').filter(isStatus);
  const search = params.get('search')?.trim();
  const from = params.get('from');
  const to = params.get('to');
  const query: ListQuery = {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    sort: (DOCUMENT_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListQuery['sort']) : 'recent',
  };
  if (statuses.length > 0) query.status = [...new Set(statuses)];
  if (search) query.search = search.slice(0, 50);
  if (from && to && DAY.test(from) && DAY.test(to)) {
    query.from = from;
    query.to = to;
  }
  return query;
}

/**
 * The list state as a list path's query, in the order of the URL (status repeated); `compact` leaves out
 * the defaults, for the page URL.
 */
export function listParams(query: ListQuery, { compact = false } = {}) {
  const statuses = query.status === undefined ? [] : Array.isArray(query.status) ? query.status : [query.status];
  return {
    ...(!compact || query.page !== 1 ? { page: query.page } : {}),
    ...(statuses.length > 0 ? { status: statuses } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(!compact || query.sort !== 'recent' ? { sort: query.sort } : {}),
    ...(query.from && query.to ? { from: query.from, to: query.to } : {}),
  };
}

/** The list state as the page URL's query parameters. */
export function listSearchParams(query: ListQuery, options: { compact?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(listParams(query, options))) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  return params;
}

export type Check = { ok: true } | { ok: false; message: string };

/** The list search word: empty clears the search, otherwise at least 5 characters (spec point 5). */
export function checkSearchWord(word: string): Check {
  const result = validateSearchWord(word);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** The date filter: none, or both days spanning less than one year (spec point 5). */
export function checkDateRange(from: string, to: string): Check {
  if (from === '' && to === '') return { ok: true };
  const result = validateDateRange(from, to);
  return result.ok ? { ok: true } : { ok: false, message: result.message };
}

/** The number of pages for a total (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
