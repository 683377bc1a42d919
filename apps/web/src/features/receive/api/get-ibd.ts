import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DocumentDetails, type Area, type DocumentLine } from '@pharma/domain/contract/inventory';
import type { DocumentStatus } from '@pharma/domain';
import { api } from '../../../lib/api-client.ts';
import { withArea } from '../../../lib/area-path.ts';
import { mergeAnswerLines } from '../lines.ts';

/** GET /api/ibdNo/{ibdNo}: the document and its lines (404 for an IBD of the other area). */
export function getIbd(ibdNo: string, area: Area): Promise<DocumentDetails> {
  return api.request<DocumentDetails>(withArea(`/api/ibdNo/${encodeURIComponent(ibdNo)}`, area), {
    parse: (body) => DocumentDetails.parse(body),
  });
}

export const ibdKey = (ibdNo: string, area: Area) => ['ibd', area, ibdNo] as const;

export function useIbd(ibdNo: string, area: Area) {
  return useQuery({ queryKey: ibdKey(ibdNo, area), queryFn: () => getIbd(ibdNo, area), enabled: ibdNo !== '' });
}

/**
 * Puts the lines and status a scan, a delete or a completion answered into the cached details.
 * A scan's answer lists only the unit it scanned as details, a delete's none: `merge` keeps the ones
 * known before (minus `removedUnitId`); a completion's answer is complete and replaces them.
 */
export function updateCachedIbd(
  client: QueryClient,
  ibdNo: string,
  area: Area,
  answer: { document: { status: DocumentStatus }; data: DocumentLine[] },
  merge: { removedUnitId?: string } | false = {},
): void {
  const key = ibdKey(ibdNo, area);
  // Not loaded (the page was opened offline): load it now that an answer shows the server is back.
  if (!client.getQueryData(key)) void client.invalidateQueries({ queryKey: key }, { cancelRefetch: false });
  client.setQueryData<DocumentDetails>(key, (old) => {
    if (!old) return old;
    const scannedQuantity = answer.data.reduce((sum, line) => sum + line.scannedQuantity, 0);
    const data = merge ? mergeAnswerLines(old.data, answer.data, merge.removedUnitId) : answer.data;
    return { document: { ...old.document, status: answer.document.status, scannedQuantity }, data };
  });
  void client.invalidateQueries({ queryKey: ['ibdList', area] });
}
