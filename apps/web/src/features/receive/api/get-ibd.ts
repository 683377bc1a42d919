import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DocumentDetails, type DocumentLine } from '@pharma/domain/contract/inventory';
import type { DocumentStatus } from '@pharma/domain';
import { api } from '../../../lib/api-client.ts';

/** GET /api/ibdNo/{ibdNo}: the document and its lines. */
export function getIbd(ibdNo: string): Promise<DocumentDetails> {
  return api.request<DocumentDetails>(`/api/ibdNo/${encodeURIComponent(ibdNo)}`, { parse: (body) => DocumentDetails.parse(body) });
}

export const ibdKey = (ibdNo: string) => ['ibd', ibdNo] as const;

export function useIbd(ibdNo: string) {
  return useQuery({ queryKey: ibdKey(ibdNo), queryFn: () => getIbd(ibdNo), enabled: ibdNo !== '' });
}

/** Puts the lines and status a scan, a delete or a completion answered into the cached details. */
export function updateCachedIbd(client: QueryClient, ibdNo: string, answer: { document: { status: DocumentStatus }; data: DocumentLine[] }): void {
  // Not loaded (the page was opened offline): load it now that an answer shows the server is back.
  if (!client.getQueryData(ibdKey(ibdNo))) void client.invalidateQueries({ queryKey: ibdKey(ibdNo) }, { cancelRefetch: false });
  client.setQueryData<DocumentDetails>(ibdKey(ibdNo), (old) => {
    if (!old) return old;
    const scannedQuantity = answer.data.reduce((sum, line) => sum + line.scannedQuantity, 0);
    return { document: { ...old.document, status: answer.document.status, scannedQuantity }, data: answer.data };
  });
  void client.invalidateQueries({ queryKey: ['ibdList'] });
}
