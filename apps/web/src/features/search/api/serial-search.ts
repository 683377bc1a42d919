import { useQuery } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import type { SearchAnswer } from './search-sscc.ts';
import { SearchResponse } from '../../../lib/api/contract/inventory.ts';

/** GET /api/serialSearch/{code}: packs by a pack code (GTIN + serial) or a bare serial number, in the area's warehouses. */
export function serialSearch(code: string, area: Area): Promise<SearchAnswer> {
  return api.get('/api/serialSearch/{code}', {
    path: { code },
    query: areaQuery(area),
    parse: (body) => SearchResponse.parse(body),
  });
}

export const serialSearchKey = (code: string, area: Area) => ['search', 'serial', area, code] as const;

export function useSerialSearch(code: string | undefined, area: Area) {
  return useQuery({
    queryKey: serialSearchKey(code ?? '', area),
    queryFn: () => serialSearch(code ?? '', area),
    enabled: Boolean(code),
    retry: false,
  });
}
