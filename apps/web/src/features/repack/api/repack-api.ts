import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Area } from '@pharma/domain/contract/inventory';
import type { RepackScanRequest } from '@pharma/domain/contract/repack';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { CompleteRepackResponse } from '../../../lib/api/contract/labels.ts';
import { RepackCompletedResponse, RepackScanOperationResponse, RepackView } from '../../../lib/api/contract/repack.ts';

/** The repack calls of issue 18's contract (packages/domain/src/contract/repack.ts). */

export const repackKey = (repackNo: string, area: Area) => ['repack', area, repackNo] as const;

const keep = (client: QueryClient, area: Area, repack: RepackView) => client.setQueryData(repackKey(repack.repackNo, area), repack);

/** GET /api/repackNo/{repackNo}: the repack document. */
export function useRepack(repackNo: string, area: Area) {
  return useQuery({
    queryKey: repackKey(repackNo, area),
    queryFn: () =>
      api.get('/api/repackNo/{repackNo}', { path: { repackNo }, query: areaQuery(area), parse: (raw) => RepackView.parse(raw) }),
    enabled: repackNo !== '',
  });
}

/** POST /api/repackScan: opens the repack of a scanned pallet or carton, or answers its pending one. */
export function useOpenRepack(area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RepackScanRequest) =>
      api.post('/api/repackScan', { query: areaQuery(area), body, parse: (raw) => RepackView.parse(raw) }),
    onSuccess: (repack) => keep(client, area, repack),
  });
}

export interface MoveInput {
  code: string;
  remove: boolean;
}

/** POST /api/repackScanOperation: a scanned unit onto the destination, or off it; each scan its own scanId. */
export function useMoveUnit(repackNo: string, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, remove }: MoveInput) =>
      api.post('/api/repackScanOperation', {
        query: areaQuery(area),
        body: { repackNo, code, scanId: newScanId(), ...(remove ? { remove: true } : {}) },
        parse: (raw) => RepackScanOperationResponse.parse(raw),
      }),
    onSuccess: (answer) => keep(client, area, answer.repack),
  });
}

/**
 * Completes a repack: regionally POST /api/completeRepack by the destination's SSCC, locally POST
 * /api/repackCompleteOperator by the repack's number. The repack is read again afterwards.
 */
export function useCompleteRepack(repack: Pick<RepackView, 'repackNo' | 'destination'>, area: Area) {
  const client = useQueryClient();
  return useMutation({
    // Either answer carries its message ('Repacking completed successfully!').
    mutationFn: (): Promise<{ message: string }> =>
      area === 'RDC'
        ? api.post('/api/completeRepack', {
            query: areaQuery(area),
            body: { sscc: repack.destination.sscc },
            parse: (raw) => CompleteRepackResponse.parse(raw),
          })
        : api.post('/api/repackCompleteOperator', {
            query: areaQuery(area),
            body: { repackNo: repack.repackNo },
            parse: (raw) => RepackCompletedResponse.parse(raw),
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: repackKey(repack.repackNo, area) }),
  });
}
