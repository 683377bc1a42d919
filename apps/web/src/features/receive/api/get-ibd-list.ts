import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListResponse, type Area, type ListQuery } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { listSearchParams } from '../list-query.ts';

export type IbdList = ReturnType<typeof ListResponse.parse>;

/** GET /api/ibdList: one page (20) of an area's inbound documents, filtered and sorted. */
export function getIbdList(query: ListQuery, area: Area): Promise<IbdList> {
  return api.request<IbdList>(withArea(`/api/ibdList?${listSearchParams(query)}`, area), { parse: (body) => ListResponse.parse(body) });
}

export const ibdListKey = (area?: Area, query?: ListQuery) =>
  area === undefined ? (['ibdList'] as const) : query === undefined ? (['ibdList', area] as const) : (['ibdList', area, query] as const);

export function useIbdList(query: ListQuery, area: Area) {
  return useQuery({ queryKey: ibdListKey(area, query), queryFn: () => getIbdList(query, area), placeholderData: keepPreviousData });
}
