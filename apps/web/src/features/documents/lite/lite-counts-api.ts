import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Family } from '@pharma/domain';
import type { Area, DocumentLine } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { updateCachedDocument } from '../api/get-document.ts';
import { LiteCountsResponse, LiteRemoveCountResponse } from '../../../lib/api/contract/lite-counts.ts';

/**
 * Each line's scans (GET /api/lite/getCounts) and the removal of one (POST /api/lite/removeCount), for a
 * counted family (ScanLite) and the lite families alike (issue 27, decision 0066). The list is keyed by
 * the lines' figures: a scan's answer moves them, and the list is read again; a removal's answer puts
 * the new figures into the document's cached details and the list at once.
 */
const countsKey = (module: string, number: string, figures: string) => ['liteCounts', module, number, figures] as const;

/** The lines' figures as one key: '10:2,20:1'. */
export function figuresOf(lines: readonly Pick<DocumentLine, 'lineNo' | 'scannedQuantity'>[]): string {
  return lines.map((l) => `${l.lineNo}:${l.scannedQuantity}`).join(',');
}

export function useLineCounts(family: Family, number: string, lines: readonly DocumentLine[]) {
  return useQuery({
    queryKey: countsKey(family.module, number, figuresOf(lines)),
    queryFn: () =>
      api.get('/api/lite/getCounts', {
        query: { moduleType: family.module, docNo: number },
        parse: (raw) => LiteCountsResponse.parse(raw),
      }),
    placeholderData: keepPreviousData,
    enabled: number !== '',
  });
}

export function useRemoveCount(family: Family, number: string, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (countId: string) =>
      api.post('/api/lite/removeCount', {
        body: { moduleType: family.module, docNo: number, countId, scanId: newScanId() },
        parse: (raw) => LiteRemoveCountResponse.parse(raw),
      }),
    onSuccess: (answer) => {
      // The answer's lines are the whole of them: they replace the cached ones.
      updateCachedDocument(client, { type: family.type, number, area }, answer, false);
      client.setQueryData(countsKey(family.module, number, figuresOf(answer.data)), { document: answer.document, lines: answer.lines });
      void client.invalidateQueries({ queryKey: ['liteLine', family.module, number] });
    },
  });
}
