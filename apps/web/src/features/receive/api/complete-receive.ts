import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CompleteResponse, type Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { ibdKey, updateCachedIbd } from './get-ibd.ts';

export type CompleteAnswer = ReturnType<typeof CompleteResponse.parse>;

/** POST /api/completeReceive: closes the IBD; packs not scanned become shortage. */
export function completeReceive(ibdNo: string, area: Area): Promise<CompleteAnswer> {
  return api.request<CompleteAnswer>(withArea('/api/completeReceive', area), {
    method: 'POST',
    body: { ibdNo },
    parse: (raw) => CompleteResponse.parse(raw),
  });
}

export function useCompleteReceive(ibdNo: string, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => completeReceive(ibdNo, area),
    onSuccess: (answer) => {
      updateCachedIbd(client, ibdNo, area, answer, false);
      void client.invalidateQueries({ queryKey: ibdKey(ibdNo, area) });
    },
  });
}
