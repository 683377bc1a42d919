import { useMutation, useQuery } from '@tanstack/react-query';
import { WarehousesResponse, type Area } from '@pharma/domain/contract/inventory';
import { SsccResponse } from '@pharma/domain/contract/labels';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';

/** The warehouses of the area a new destination can be made in (GET /api/getWarehouses). */
export function useDestinationWarehouses(area: Area) {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () =>
      api.request<ReturnType<typeof WarehousesResponse.parse>>('/api/getWarehouses', { parse: (raw) => WarehousesResponse.parse(raw) }),
    select: (answer) => answer.data.filter((w) => w.area === area),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/createPallet: a new empty pallet or carton to repack onto; answers its SSCC. */
export function useCreateDestination(area: Area) {
  return useMutation({
    mutationFn: async (body: { warehouseNo: string; type: 'PLT' | 'CTN' }) =>
      (
        await api.request<SsccResponse>(withArea('/api/createPallet', area), {
          method: 'POST',
          body,
          parse: (raw) => SsccResponse.parse(raw),
        })
      ).sscc,
  });
}
