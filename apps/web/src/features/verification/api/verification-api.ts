import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { requestsQuery, type RequestsFilter } from '../requests-filter.ts';
import { VerificationRequestsResponse, VerifyPackResponse } from '../../../lib/api/contract/verification.ts';

/** Every list of an area's requests, whatever its filter: a pack verified makes them all stale. */
const requestsKey = (area: Area) => ['verificationRequests', area] as const;

/** GET /api/verificationRequests with the page's filter: the area's requests, newest first (200 at most). */
export function useVerificationRequests(filter: RequestsFilter, area: Area) {
  const query = { ...requestsQuery(filter), ...areaQuery(area) };
  return useQuery({
    queryKey: [...requestsKey(area), query],
    queryFn: () => api.get('/api/verificationRequests', { query, parse: (raw) => VerificationRequestsResponse.parse(raw) }),
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
      api.post('/api/verifyPack', {
        query: areaQuery(area),
        body: { code },
        parse: (raw) => VerifyPackResponse.parse(raw),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: requestsKey(area) }),
  });
}
