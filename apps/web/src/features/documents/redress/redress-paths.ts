import type { Area } from '@pharma/domain/contract/inventory';
import { DOCUMENT_NUMBER_QUERY, LDC_ROUTES, RDC_ROUTES, type RedressPageKey } from '../../../config/routes.ts';

/** Where a redress page is (read from the route table, decision 0036): its path with the PO No. in ?docNo= and any more query. */
export function redressPath(area: Area, page: RedressPageKey, number: string, more: Record<string, string> = {}): string {
  const route = (area === 'LDC' ? LDC_ROUTES : RDC_ROUTES).find((r) => r.page === page);
  if (!route) return '';
  // The PO's scan names its BPR No. in the path ('new' before there is one).
  const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(more.bprNo || 'new'));
  const query = new URLSearchParams({ [DOCUMENT_NUMBER_QUERY]: number });
  for (const [name, value] of Object.entries(more)) if (name !== 'bprNo') query.set(name, value);
  return `${path}?${query.toString()}`;
}
