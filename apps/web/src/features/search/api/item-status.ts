import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UnitView, type ItemStatusRequest } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';

export type ItemStatusBody = ReturnType<typeof ItemStatusRequest.parse>;

/** POST /api/itemStatus: sets a unit's status (and everything under it); 422 when locked or not offered. */
export function setItemStatus(body: ItemStatusBody): Promise<UnitView> {
  return api.request<UnitView>('/api/itemStatus', { method: 'POST', body, parse: (raw) => UnitView.parse(raw) });
}

export function useSetItemStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setItemStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['search'] }),
  });
}
