import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LiteFamily } from '@pharma/domain';
import { WarehousesResponse } from '@pharma/domain/contract/inventory';
import {
  LiteDocumentResponse,
  LiteLineResponse,
  LiteMaterialResponse,
  LiteMessageResponse,
  type LiteCreateRequest,
  type LiteLineRequest,
} from '@pharma/domain/contract/lite';
import { api } from '../../../lib/api-client.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { documentListKey } from '../api/get-document-list.ts';
import { documentKey } from '../api/get-document.ts';

/**
 * The lite paths the lite pages call (/api/lite/*, decision 0039). Scans, deletes of scanned units and
 * completion go through the engine's own paths and the offline-safe queue, as every family's do; the
 * answers land in the same cache entries (`documentKey`), so every page of a lite document agrees.
 */
const AREA = 'LDC' as const;
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

export function useLocalWarehouses() {
  return useQuery({
    queryKey: ['warehouses'],
    queryFn: () =>
      api.request<ReturnType<typeof WarehousesResponse.parse>>('/api/getWarehouses', { parse: (body) => WarehousesResponse.parse(body) }),
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
      api.request<LiteDocumentResponse>('/api/lite/createDocument', {
        method: 'POST',
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
      api.request<{ message: string }>('/api/lite/removeDocument', {
        method: 'POST',
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
      api.request<LiteDocumentResponse>('/api/lite/updateDocument', {
        method: 'POST',
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
      api.request<LiteDocumentResponse>('/api/lite/deleteItem', {
        method: 'POST',
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
      api.request<LiteLineResponse>(
        `/api/lite/getDocumentDetailsByMaterialAndBatch?${query({ moduleType: lite.module, docNo, materialNo, batchNo })}`,
        {
          parse: (raw) => LiteLineResponse.parse(raw),
        },
      ),
    enabled: docNo !== '' && materialNo !== '',
  });
}

export function getLiteMaterial(lite: LiteFamily, code: string) {
  return api.request<LiteMaterialResponse>(`/api/lite/getMaterialDetails?${query({ moduleType: lite.module, code })}`, {
    parse: (raw) => LiteMaterialResponse.parse(raw),
  });
}
