import { useQuery } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { SearchResponse } from '../../../lib/api/contract/inventory.ts';

export type SearchAnswer = ReturnType<typeof SearchResponse.parse>;

/** GET /api/searchSSCC/{code}: the pallet or carton with that SSCC (a raw scan is accepted), in the area's warehouses (decision 0019). */
export function searchSscc(code: string, area: Area): Promise<SearchAnswer> {
  return api.get('/api/searchSSCC/{code}', {
    path: { code },
    query: areaQuery(area),
    parse: (body) => SearchResponse.parse(body),
  });
}

export const searchSsccKey = (code: string, area: Area) => ['search', 'sscc', area, code] as const;

export function useSearchSscc(code: string | undefined, area: Area) {
  return useQuery({
    queryKey: searchSsccKey(code ?? '', area),
    queryFn: () => searchSscc(code ?? '', area),
    enabled: Boolean(code),
    retry: false,
  });
}
