import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListResponse, type ListQuery } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { listSearchParams } from '../list-query.ts';

export type IbdList = ReturnType<typeof ListResponse.parse>;

/** GET /api/ibdList: one page (20) of inbound documents, filtered and sorted. */
export function getIbdList(query: ListQuery): Promise<IbdList> {
  return api.request<IbdList>(`/api/ibdList?${listSearchParams(query)}`, { parse: (body) => ListResponse.parse(body) });
}

export const ibdListKey = (query?: ListQuery) => (query ? (['ibdList', query] as const) : (['ibdList'] as const));

export function useIbdList(query: ListQuery) {
  return useQuery({ queryKey: ibdListKey(query), queryFn: () => getIbdList(query), placeholderData: keepPreviousData });
}
