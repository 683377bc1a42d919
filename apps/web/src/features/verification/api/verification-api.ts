import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import { VerificationRequestsResponse, VerifyPackResponse, type VerificationRequestItem } from '@pharma/domain/contract/verification';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { requestsPath, type RequestsFilter } from '../requests-filter.ts';

/** Every list of an area's requests, whatever its filter: a pack verified makes them all stale. */
const requestsKey = (area: Area) => ['verificationRequests', area] as const;

/** GET /api/verificationRequests with the page's filter: the area's requests, newest first (200 at most). */
export function useVerificationRequests(filter: RequestsFilter, area: Area) {
  const path = withArea(requestsPath(filter), area);
  return useQuery({
    queryKey: [...requestsKey(area), path],
    queryFn: () => api.request<{ data: VerificationRequestItem[] }>(path, { parse: (raw) => VerificationRequestsResponse.parse(raw) }),
  });
}

/**
 * POST /api/verifyPack { code }: the pack verified against its warehouse's national system now. The
 * answer comes within the server's short wait: verified, refused (with the system's code and alert id),
 * or PENDING (202) when the system did not answer in time and the request is queued for the sender.
 */
export function useVerifyPack(area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.request<VerifyPackResponse>(withArea('/api/verifyPack', area), {
        method: 'POST',
        body: { code },
        parse: (raw) => VerifyPackResponse.parse(raw),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: requestsKey(area) }),
  });
}
