import { useQuery } from '@tanstack/react-query';
import { SearchResponse } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import type { SearchAnswer } from './search-sscc.ts';

/** GET /api/serialSearch/{code}: packs by a pack code (GTIN + serial) or a bare serial number. */
export function serialSearch(code: string): Promise<SearchAnswer> {
  return api.request<SearchAnswer>(`/api/serialSearch/${encodeURIComponent(code)}`, { parse: (body) => SearchResponse.parse(body) });
}

export const serialSearchKey = (code: string) => ['search', 'serial', code] as const;

export function useSerialSearch(code: string | undefined) {
  return useQuery({ queryKey: serialSearchKey(code ?? ''), queryFn: () => serialSearch(code ?? ''), enabled: Boolean(code), retry: false });
}
