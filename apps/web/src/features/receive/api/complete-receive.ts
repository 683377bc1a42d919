import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CompleteResponse } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { updateCachedIbd } from './get-ibd.ts';

export type CompleteAnswer = ReturnType<typeof CompleteResponse.parse>;

/** POST /api/completeReceive: closes the IBD; packs not scanned become shortage. */
export function completeReceive(ibdNo: string): Promise<CompleteAnswer> {
  return api.request<CompleteAnswer>('/api/completeReceive', { method: 'POST', body: { ibdNo }, parse: (raw) => CompleteResponse.parse(raw) });
}

export function useCompleteReceive(ibdNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => completeReceive(ibdNo),
    onSuccess: (answer) => {
      updateCachedIbd(client, ibdNo, answer);
      void client.invalidateQueries({ queryKey: ['ibd', ibdNo] });
    },
  });
}
