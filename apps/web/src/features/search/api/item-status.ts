import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Area, ItemStatusRequest } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { UnitView } from '../../../lib/api/contract/inventory.ts';

export type ItemStatusBody = ReturnType<typeof ItemStatusRequest.parse>;

/** POST /api/itemStatus: sets a unit's status (and everything under it) in the area; 422 when locked or not offered. */
export function setItemStatus(body: ItemStatusBody, area: Area): Promise<UnitView> {
  return api.post('/api/itemStatus', { query: areaQuery(area), body, parse: (raw) => UnitView.parse(raw) });
}

export function useSetItemStatus(area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemStatusBody) => setItemStatus(body, area),
    onSuccess: () => client.invalidateQueries({ queryKey: ['search'] }),
  });
}
