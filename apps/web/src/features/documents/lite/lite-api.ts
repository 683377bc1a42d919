import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiteFamily } from '@pharma/domain';
import type { LiteCreateRequest, LiteLineRequest } from '@pharma/domain/contract/lite';
import { api } from '../../../lib/api-client.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { documentListKey } from '../api/get-document-list.ts';
import { documentKey } from '../api/get-document.ts';
import { WarehousesResponse } from '../../../lib/api/contract/inventory.ts';
import { LiteDocumentResponse, LiteLineResponse, LiteMaterialResponse, LiteMessageResponse } from '../../../lib/api/contract/lite.ts';

/**
 * The lite paths the lite pages call (/api/lite/*, decision 0039). Scans, deletes of scanned units and
 * completion go through the engine's own paths and the offline-safe queue, as every family's do; the
 * answers land in the same cache entries (`documentKey`), so every page of a lite document agrees.
 */
const AREA = 'LDC' as const;

export function useLocalWarehouses() {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () => api.get('/api/getWarehouses', { parse: (body) => WarehousesResponse.parse(body) }),
    select: (answer) => answer.data.filter((w) => w.area === AREA),
    staleTime: 5 * 60_000,
  });
}

function useRefresh(lite: LiteFamily) {
  const client = useQueryClient();
  return (number: string) => {
    void client.invalidateQueries({ queryKey: documentKey(lite.family.type, number, AREA) });
    void client.invalidateQueries({ queryKey: documentListKey(lite.family.type, AREA) });
    void client.invalidateQueries({ queryKey: ['liteLine', lite.module, number] });
  };
}

export function useCreateLiteDocument(lite: LiteFamily) {
  const refresh = useRefresh(lite);
  return useMutation({
    mutationFn: (body: Omit<LiteCreateRequest, 'moduleType'>) =>
      api.post('/api/lite/createDocument', {
        body: { ...body, moduleType: lite.module },
        parse: (raw) => LiteDocumentResponse.parse(raw),
      }),
    onSuccess: (answer) => refresh(answer.document.number),
  });
}

export function useRemoveLiteDocument(lite: LiteFamily, docNo: string) {
  const refresh = useRefresh(lite);
  return useMutation({
    mutationFn: () =>
      api.post('/api/lite/removeDocument', {
        body: { moduleType: lite.module, docNo },
        parse: (raw) => LiteMessageResponse.parse(raw),
      }),
    onSuccess: () => refresh(docNo),
  });
}

export function usePutLiteLine(lite: LiteFamily, docNo: string) {
  const refresh = useRefresh(lite);
  return useMutation({
    mutationFn: (line: Pick<LiteLineRequest, 'materialNo' | 'batchNo' | 'quantity'>) =>
      api.post('/api/lite/updateDocument', {
        body: { ...line, moduleType: lite.module, docNo },
        parse: (raw) => LiteDocumentResponse.parse(raw),
      }),
    onSuccess: () => refresh(docNo),
  });
}

export function useDeleteLiteLine(lite: LiteFamily, docNo: string) {
  const refresh = useRefresh(lite);
  return useMutation({
    mutationFn: (line: { materialNo: string; batchNo: string | null }) =>
      api.post('/api/lite/deleteItem', {
        body: { moduleType: lite.module, docNo, materialNo: line.materialNo, batchNo: line.batchNo ?? undefined, scanId: newScanId() },
        parse: (raw) => LiteDocumentResponse.parse(raw),
      }),
    onSuccess: () => refresh(docNo),
  });
}

export function useLiteLine(lite: LiteFamily, docNo: string, materialNo: string, batchNo: string) {
  return useQuery({
    queryKey: ['liteLine', lite.module, docNo, materialNo, batchNo],
    queryFn: () =>
      api.get('/api/lite/getDocumentDetailsByMaterialAndBatch', {
        query: { moduleType: lite.module, docNo, materialNo, batchNo },
        parse: (raw) => LiteLineResponse.parse(raw),
      }),
    enabled: docNo !== '' && materialNo !== '',
  });
}

export function getLiteMaterial(lite: LiteFamily, code: string) {
  return api.get('/api/lite/getMaterialDetails', {
    query: { moduleType: lite.module, code },
    parse: (raw) => LiteMaterialResponse.parse(raw),
  });
}
