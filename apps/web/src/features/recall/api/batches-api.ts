import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BatchLookupResponse,
  SetBatchStatusResponse,
  WhereaboutsResponse,
  type SetBatchStatusRequest,
} from '@pharma/domain/contract/batches';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** A batch as the API names it: material and batch number. */
export interface BatchRef {
  materialNo: string;
  batchNo: string;
}

/** The batch's API path; each number is one path segment, encoded (a batch number may hold '/' or '.'). */
export function batchPath({ materialNo, batchNo }: BatchRef, tail: 'status' | 'whereabouts'): string {
  return `/api/batches/${encodeURIComponent(materialNo)}/${encodeURIComponent(batchNo)}/${tail}`;
}

export const whereaboutsKey = (batch: BatchRef, area: Area) => ['batch', area, batch.materialNo, batch.batchNo] as const;

/** GET /api/batches/{materialNo}/{batchNo}/whereabouts: the batch's status and where its packs are. */
export function useWhereabouts(batch: BatchRef | undefined, area: Area) {
  return useQuery({
    queryKey: whereaboutsKey(batch ?? { materialNo: '', batchNo: '' }, area),
    queryFn: () =>
      api.request<WhereaboutsResponse>(withArea(batchPath(batch!, 'whereabouts'), area), {
        parse: (raw) => WhereaboutsResponse.parse(raw),
      }),
    enabled: batch !== undefined,
    retry: false,
  });
}

/** POST /api/batches/lookup: the batch a scanned or typed pack code names. */
export function useBatchLookup(area: Area) {
  return useMutation({
    mutationFn: (code: string) =>
      api.request<BatchLookupResponse>(withArea('/api/batches/lookup', area), {
        method: 'POST',
        body: { code },
        parse: (raw) => BatchLookupResponse.parse(raw),
      }),
  });
}

/** PUT /api/batches/{materialNo}/{batchNo}/status: hold, release or recall, with the reason; the whereabouts are read again. */
export function useSetBatchStatus(batch: BatchRef, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBatchStatusRequest) =>
      api.request<SetBatchStatusResponse>(withArea(batchPath(batch, 'status'), area), {
        method: 'PUT',
        body,
        parse: (raw) => SetBatchStatusResponse.parse(raw),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: whereaboutsKey(batch, area) }),
  });
}

/** The CSV's file name: the batch's numbers, anything a file name cannot hold as '_'. */
export function csvFileName({ materialNo, batchNo }: BatchRef): string {
  return `batch-${materialNo}-${batchNo}.csv`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * GET …/whereabouts?format=csv (every unit of the batch, one row each), through the API client so the
 * session's cookies go with it and an expired session is renewed first; handed to the browser as a download.
 */
async function downloadCsv(batch: BatchRef, area: Area): Promise<string> {
  const text = await api.request<unknown>(withArea(`${batchPath(batch, 'whereabouts')}?format=csv`, area));
  const file = csvFileName(batch);
  saveFile(new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' }), file);
  return file;
}

export function useDownloadCsv(batch: BatchRef, area: Area) {
  return useMutation({ mutationFn: () => downloadCsv(batch, area) });
}
