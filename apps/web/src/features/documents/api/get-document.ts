import { useQuery, type QueryClient } from '@tanstack/react-query';
import { liteFamilyOf, type DocumentStatus, type DocumentType, type Family } from '@pharma/domain';
import { DocumentDetails, type Area, type DocumentLine } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { mergeAnswerLines, totals } from '../lines.ts';
import { documentListKey } from './get-document-list.ts';

/** GET the family's details path with the number (/api/ibdNo/{ibdNo} …): the document and its lines (404 for one of the other area). */
export function getDocument(family: Family, number: string, area: Area): Promise<DocumentDetails> {
  // A lite family's details path names its module and number in the query (/api/lite/getDocumentDetails, decision 0039).
  const lite = liteFamilyOf(family.module);
  const path = lite
    ? `${family.api.details}?${new URLSearchParams({ moduleType: lite.module, docNo: number }).toString()}`
    : withArea(`${family.api.details}/${encodeURIComponent(number)}`, area);
  return api.request<DocumentDetails>(path, {
    parse: (body) => DocumentDetails.parse(body),
  });
}

export const documentKey = (type: DocumentType, number: string, area: Area) => ['document', type, area, number] as const;

export function useDocument(family: Family, number: string, area: Area) {
  return useQuery({
    queryKey: documentKey(family.type, number, area),
    queryFn: () => getDocument(family, number, area),
    enabled: number !== '',
  });
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
 */
export function updateCachedDocument(
  client: QueryClient,
  { type, number, area }: { type: DocumentType; number: string; area: Area },
  answer: DocumentAnswer,
  merge: { removedUnitId?: string } | false = {},
): void {
  const key = documentKey(type, number, area);
  // Not loaded (the page was opened offline): load it now that an answer shows the server is back.
  if (!client.getQueryData(key)) void client.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
  client.setQueryData<DocumentDetails>(key, (old) => {
    if (!old) return old;
    const { expected: quantity, scanned: scannedQuantity } = totals(answer.data);
    const data = merge ? mergeAnswerLines(old.data, answer.data, merge.removedUnitId) : answer.data;
    return { document: { ...old.document, status: answer.document.status, quantity, scannedQuantity }, data };
  });
  void client.invalidateQueries({ queryKey: documentListKey(type, area) });
}
