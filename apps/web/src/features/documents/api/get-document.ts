import { useQuery, type QueryClient } from '@tanstack/react-query';
import { liteFamilyOf, type DocumentStatus, type DocumentType, type Family } from '@pharma/domain';
import type { Area, DocumentLine } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import type { DetailsPath, PathParamsOf } from '../../../lib/api/paths.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { mergeAnswerLines, scannedCount, totals } from '../lines.ts';
import { documentListKey } from './get-document-list.ts';
import { DocumentDetails } from '../../../lib/api/contract/inventory.ts';

/**
 * GET the family's details path with the number (/api/ibdNo/{ibdNo} …, the parameter named by the path's
 * last word as the server names it): the document and its lines (404 for one of the other area).
 */
export function getDocument(family: Family, number: string, area: Area): Promise<DocumentDetails> {
  const parse = (body: unknown) => DocumentDetails.parse(body);
  // A lite family's details path names its module and number in the query (/api/lite/getDocumentDetails, decision 0039).
  const lite = liteFamilyOf(family.module);
  if (lite)
    return api.get(family.api.details as '/api/lite/getDocumentDetails', { query: { moduleType: lite.module, docNo: number }, parse });
  const param = family.api.details.split('/').pop()!;
  return api.get(`${family.api.details}/{${param}}` as DetailsPath, {
    path: { [param]: number } as PathParamsOf<DetailsPath>,
    query: areaQuery(area),
    parse,
  });
}

export const documentKey = (type: DocumentType, number: string, area: Area) => ['document', type, area, number] as const;

/**
 * The document's details: the one source of what every page of it shows (header, lines, scanned
 * units, the scan page's badge; issue 27). Read again when the tab comes back into view: another
 * tab or device may have scanned or removed since.
 */
function documentQuery(family: Family, number: string, area: Area) {
  return {
    queryKey: documentKey(family.type, number, area),
    queryFn: () => getDocument(family, number, area),
    enabled: number !== '',
    refetchOnWindowFocus: true,
  } as const;
}

export function useDocument(family: Family, number: string, area: Area) {
  return useQuery(documentQuery(family, number, area));
}

/**
 * The scan page's badge: what `scannedCount` counts on the cached details (undefined until they are
 * read); re-renders only when that number changes. It only watches the page's query (`enabled: false`):
 * a read of its own, when it mounts beside a failed one (offline), would put the page back to loading.
 */
export function useScannedCount(family: Family, number: string, area: Area): number | undefined {
  const counted = family.counted !== undefined;
  return useQuery({
    ...documentQuery(family, number, area),
    enabled: false,
    select: (details) => scannedCount(details.data, counted),
  }).data;
}

/** What a scan, a delete or a completion answers about the document. */
export interface DocumentAnswer {
  document: { status: DocumentStatus };
  data: DocumentLine[];
}

/**
 * Puts the lines and status a scan, a delete or a completion answered into the cached details.
 * A scan's answer lists only the unit it scanned as details, a delete's none: `merge` keeps the ones
 * known before (minus `removedUnitId`); a completion's answer is complete and replaces them.
 *
 * The cached details stay the server's (issue 27): a read of the document still on its way when an
 * answer comes was sent before the change and would land after it with the document as it was, so
 * it is dropped and the document read again; after a delete the document is read again too (the
 * answer names no units, and a delete is rare). The family's lists are marked stale.
 */
export function updateCachedDocument(
  client: QueryClient,
  { type, number, area }: { type: DocumentType; number: string; area: Area },
  answer: DocumentAnswer,
  merge: { removedUnitId?: string } | false = {},
): void {
  const key = documentKey(type, number, area);
  const state = client.getQueryState<DocumentDetails>(key);
  const reading = state?.fetchStatus === 'fetching';
  // Dropped at once (the cache goes back to what it held before that read), before the answer is put in.
  if (reading) void client.cancelQueries({ queryKey: key });
  client.setQueryData<DocumentDetails>(key, (old) => {
    if (!old) return old;
    const { expected: quantity, scanned: scannedQuantity } = totals(answer.data);
    const data = merge ? mergeAnswerLines(old.data, answer.data, merge.removedUnitId) : answer.data;
    return { document: { ...old.document, status: answer.document.status, quantity, scannedQuantity }, data };
  });
  // Read again: a read was dropped; a delete; or not loaded yet (opened offline, and an answer shows the server is back).
  const removed = merge !== false && merge.removedUnitId !== undefined;
  if (!state?.data || reading || removed) void client.invalidateQueries({ queryKey: key });
  void client.invalidateQueries({ queryKey: documentListKey(type, area) });
}
