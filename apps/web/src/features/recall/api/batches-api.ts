import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetBatchStatusRequest } from '@pharma/domain/contract/batches';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { BatchLookupResponse, SetBatchStatusResponse, WhereaboutsResponse } from '../../../lib/api/contract/batches.ts';

/** A batch as the API names it: material and batch number. */
export interface BatchRef {
  materialNo: string;
  batchNo: string;
}

export const whereaboutsKey = (batch: BatchRef, area: Area) => ['batch', area, batch.materialNo, batch.batchNo] as const;

/** GET /api/batches/{materialNo}/{batchNo}/whereabouts: the batch's status and where its packs are. */
export function useWhereabouts(batch: BatchRef | undefined, area: Area) {
  return useQuery({
    queryKey: whereaboutsKey(batch ?? { materialNo: '', batchNo: '' }, area),
    queryFn: () =>
      api.get('/api/batches/{materialNo}/{batchNo}/whereabouts', {
        // Each number is one path segment, encoded (a batch number may hold '/' or '.').
        path: { materialNo: batch!.materialNo, batchNo: batch!.batchNo },
        query: areaQuery(area),
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
      api.post('/api/batches/lookup', {
        query: areaQuery(area),
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
      api.put('/api/batches/{materialNo}/{batchNo}/status', {
        path: { materialNo: batch.materialNo, batchNo: batch.batchNo },
        query: areaQuery(area),
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
  const text: unknown = await api.get('/api/batches/{materialNo}/{batchNo}/whereabouts', {
    path: { materialNo: batch.materialNo, batchNo: batch.batchNo },
    query: { format: 'csv', ...areaQuery(area) },
  });
  const file = csvFileName(batch);
  saveFile(new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' }), file);
  return file;
}

export function useDownloadCsv(batch: BatchRef, area: Area) {
  return useMutation({ mutationFn: () => downloadCsv(batch, area) });
}
