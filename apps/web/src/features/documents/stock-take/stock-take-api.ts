import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DocumentType } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import {
  ApproveStockTakeResponse,
  CreateStockTakeResponse,
  StockTakeActionResponse,
  StockTakeDetails,
  type CompleteStockTakeRequest,
  type CreateStockTakeRequest,
  type RecountRequest,
} from '@pharma/domain/contract/stock-takes';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { documentListKey } from '../api/get-document-list.ts';

/**
 * The stock take's own paths (contract/stock-takes.ts, decision 0079): its create, details, recount,
 * complete and approve under the family's `api.details` (/api/stockTakes). Its list is the engine's
 * (the family's `api.list`, read by the documents list), its scans the engine's /api/scanForOperation.
 */
const stockTakePath = (base: string, number: string, tail = '') => `${base}/${encodeURIComponent(number)}${tail}`;

export const stockTakeKey = (area: Area, number: string) => ['stockTake', area, number] as const;

/** GET /api/stockTakes/{no}: the count as it stands (full, or a counter's blind view). */
export function getStockTake(base: string, number: string, area: Area): Promise<StockTakeDetails> {
  return api.request<StockTakeDetails>(withArea(stockTakePath(base, number), area), { parse: (body) => StockTakeDetails.parse(body) });
}

export function useStockTake(base: string, number: string, area: Area) {
  return useQuery({
    queryKey: stockTakeKey(area, number),
    queryFn: () => getStockTake(base, number, area),
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
export function useCreateStockTake(base: string, type: DocumentType, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStockTakeRequest) =>
      api.request<CreateStockTakeResponse>(withArea(base, area), {
        method: 'POST',
        body,
        parse: (raw) => CreateStockTakeResponse.parse(raw),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: documentListKey(type, area) }),
  });
}

/** POST …/recount, …/complete and …/approve: each answers its message and the count as it now stands. */
export function useStockTakeActions(base: string, type: DocumentType, number: string, area: Area) {
  const client = useQueryClient();
  const post = <T extends StockTakeActionResponse>(tail: string, body: unknown, parse: (raw: unknown) => T) =>
    api.request<T>(withArea(stockTakePath(base, number, tail), area), { method: 'POST', body, parse });
  const after = {
    onSuccess: (answer: StockTakeActionResponse) => settle(client, type, area, number, answer.details),
    // A refusal may follow a change made elsewhere (another device completed it): read the count again.
    onError: () => void client.invalidateQueries({ queryKey: stockTakeKey(area, number) }),
  };
  const recount = useMutation({
    mutationFn: (body: RecountRequest) => post('/recount', body, (raw) => StockTakeActionResponse.parse(raw)),
    ...after,
  });
  const complete = useMutation({
    mutationFn: (body: CompleteStockTakeRequest) => post('/complete', body, (raw) => StockTakeActionResponse.parse(raw)),
    ...after,
  });
  const approve = useMutation({
    mutationFn: () => post('/approve', {}, (raw) => ApproveStockTakeResponse.parse(raw)),
    ...after,
  });
  return { recount, complete, approve };
}
