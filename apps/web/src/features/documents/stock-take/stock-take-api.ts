import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DocumentType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import type { CompleteStockTakeRequest, CreateStockTakeRequest, RecountRequest } from '@pharma/domain/contract/stock-takes';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { documentListKey } from '../api/get-document-list.ts';
import {
  ApproveStockTakeResponse,
  CreateStockTakeResponse,
  StockTakeActionResponse,
  StockTakeDetails,
} from '../../../lib/api/contract/stock-takes.ts';

/**
 * The stock take's own paths (contract/stock-takes.ts, decision 0079): its create, details, recount,
 * complete and approve, /api/stockTakes and under it, as the server's stock-takes routes declare them.
 * Its list is the engine's (the family's `api.list`, read by the documents list), its scans the engine's
 * /api/scanForOperation.
 */

export const stockTakeKey = (area: Area, number: string) => ['stockTake', area, number] as const;

/** GET /api/stockTakes/{no}: the count as it stands (full, or a counter's blind view). */
export function getStockTake(number: string, area: Area): Promise<StockTakeDetails> {
  return api.get('/api/stockTakes/{no}', { path: { no: number }, query: areaQuery(area), parse: (body) => StockTakeDetails.parse(body) });
}

export function useStockTake(number: string, area: Area) {
  return useQuery({
    queryKey: stockTakeKey(area, number),
    queryFn: () => getStockTake(number, area),
    enabled: number !== '',
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/**
 * After an action: its answer is the count as it now stands; the family's lists are stale. A read of
 * the count begun before the action (a refetch on focus) is cancelled first: landing after the answer,
 * it would put the count back as it was.
 */
async function settle(client: QueryClient, type: DocumentType, area: Area, number: string, details?: StockTakeDetails) {
  void client.invalidateQueries({ queryKey: documentListKey(type, area) });
  if (!details) return;
  await client.cancelQueries({ queryKey: stockTakeKey(area, number) });
  client.setQueryData(stockTakeKey(area, number), details);
}

/** POST /api/stockTakes: creates the count and takes its snapshot; answers its number. */
export function useCreateStockTake(type: DocumentType, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStockTakeRequest) =>
      api.post('/api/stockTakes', {
        query: areaQuery(area),
        body,
        parse: (raw) => CreateStockTakeResponse.parse(raw),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentListKey(type, area) }),
  });
}

/** POST …/recount, …/complete and …/approve: each answers its message and the count as it now stands. */
export function useStockTakeActions(type: DocumentType, number: string, area: Area) {
  const client = useQueryClient();
  const params = { path: { no: number }, query: areaQuery(area) };
  const after = {
    onSuccess: (answer: StockTakeActionResponse) => settle(client, type, area, number, answer.details),
    // A refusal may follow a change made elsewhere (another device completed it): read the count again.
    onError: () => void client.invalidateQueries({ queryKey: stockTakeKey(area, number) }),
  };
  const recount = useMutation({
    mutationFn: (body: RecountRequest) =>
      api.post('/api/stockTakes/{no}/recount', { ...params, body, parse: (raw) => StockTakeActionResponse.parse(raw) }),
    ...after,
  });
  const complete = useMutation({
    mutationFn: (body: CompleteStockTakeRequest) =>
      api.post('/api/stockTakes/{no}/complete', { ...params, body, parse: (raw) => StockTakeActionResponse.parse(raw) }),
    ...after,
  });
  const approve = useMutation({
    mutationFn: () => api.post('/api/stockTakes/{no}/approve', { ...params, parse: (raw) => ApproveStockTakeResponse.parse(raw) }),
    ...after,
  });
  return { recount, complete, approve };
}
