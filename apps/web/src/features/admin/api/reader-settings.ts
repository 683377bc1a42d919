import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReaderSettingsBody } from '@pharma/domain/contract/readers';
import { api } from '../../../lib/api-client.ts';
import { WarehousesResponse } from '../../../lib/api/contract/inventory.ts';
import { ReaderSettings, ReaderSettingsList } from '../../../lib/api/contract/readers.ts';

const readersKey = (warehouseNo: string) => ['admin', 'readers', warehouseNo] as const;

/** GET /api/getWarehouses: every warehouse, to pick whose reader settings to edit. */
export function useWarehouses() {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => api.get('/api/getWarehouses', { parse: (body) => WarehousesResponse.parse(body) }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/admin/warehouses/{no}/readers: the warehouse's own row ('') and its readers' (decision 0042). */
export function useReaderSettingsList(warehouseNo: string | null) {
  return useQuery({
    queryKey: readersKey(warehouseNo ?? ''),
    queryFn: async () =>
      (
        await api.get('/api/admin/warehouses/{warehouseNo}/readers', {
          path: { warehouseNo: warehouseNo ?? '' },
          parse: (body) => ReaderSettingsList.parse(body),
        })
      ).data,
    enabled: warehouseNo !== null,
  });
}

/** PUT /api/admin/warehouses/{no}/reader-settings?reader=: sets one row; the server audits the change. */
export function useSaveReaderSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ warehouseNo, reader, body }: { warehouseNo: string; reader: string; body: ReaderSettingsBody }) =>
      api.put('/api/admin/warehouses/{warehouseNo}/reader-settings', {
        path: { warehouseNo },
        query: { reader },
        body,
        parse: (raw) => ReaderSettings.parse(raw),
      }),
    onSuccess: (saved) => client.invalidateQueries({ queryKey: readersKey(saved.warehouseNo) }),
  });
}
