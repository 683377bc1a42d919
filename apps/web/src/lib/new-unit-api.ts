import { useMutation, useQuery } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import type { CreatePalletRequest } from '@pharma/domain/contract/labels';
import { api } from './api-client.ts';
import { areaQuery } from './area-query.ts';
import { WarehousesResponse } from './api/contract/inventory.ts';
import { SsccResponse } from './api/contract/labels.ts';

/**
 * A new empty pallet or carton, as 'Repack - Create Pallet' and the local repack's new destination
 * both make one: the area's warehouses it can be made in, and the call that makes it.
 */

/** GET /api/getWarehouses, those of the area. */
export function useAreaWarehouses(area: Area) {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => api.get('/api/getWarehouses', { parse: (body) => WarehousesResponse.parse(body) }),
    select: (answer) => answer.data.filter((w) => w.area === area),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/createPallet: a new empty pallet or carton with a new SSCC. */
export function useCreatePallet(area: Area) {
  return useMutation({
    mutationFn: (body: CreatePalletRequest) =>
      api.post('/api/createPallet', { query: areaQuery(area), body, parse: (raw) => SsccResponse.parse(raw) }),
  });
}
