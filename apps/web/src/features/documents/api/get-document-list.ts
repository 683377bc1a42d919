import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DocumentType, Family } from '@pharma/domain';
import type { Area, ListQuery } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import type { ListPath } from '../../../lib/api/paths.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { listParams } from '../list-query.ts';
import { ListResponse } from '../../../lib/api/contract/inventory.ts';

export type DocumentList = ReturnType<typeof ListResponse.parse>;

/** GET the family's list path (/api/ibdList, /api/obdList …): one page (20) of an area's documents, filtered and sorted. */
export function getDocumentList(family: Family, query: ListQuery, area: Area): Promise<DocumentList> {
  return api.get(family.api.list as ListPath, {
    query: { ...listParams(query), ...areaQuery(area) },
    parse: (body) => ListResponse.parse(body),
  });
}

/** A family's lists: of an area, then of one query. The family comes first, so no two families share an entry. */
export const documentListKey = (type: DocumentType, area?: Area, query?: ListQuery) =>
  area === undefined
    ? (['documentList', type] as const)
    : query === undefined
      ? (['documentList', type, area] as const)
      : (['documentList', type, area, query] as const);

export function useDocumentList(family: Family, query: ListQuery, area: Area) {
  return useQuery({
    queryKey: documentListKey(family.type, area, query),
    queryFn: () => getDocumentList(family, query, area),
    placeholderData: keepPreviousData,
  });
}
