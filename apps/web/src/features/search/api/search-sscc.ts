import { useQuery } from '@tanstack/react-query';
import { SearchResponse } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';

export type SearchAnswer = ReturnType<typeof SearchResponse.parse>;

/** GET /api/searchSSCC/{code}: the pallet or carton with that SSCC (a raw scan is accepted). */
export function searchSscc(code: string): Promise<SearchAnswer> {
  return api.request<SearchAnswer>(`/api/searchSSCC/${encodeURIComponent(code)}`, { parse: (body) => SearchResponse.parse(body) });
}

export const searchSsccKey = (code: string) => ['search', 'sscc', code] as const;

export function useSearchSscc(code: string | undefined) {
  return useQuery({ queryKey: searchSsccKey(code ?? ''), queryFn: () => searchSscc(code ?? ''), enabled: Boolean(code), retry: false });
}
