import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { documentKey } from '../api/get-document.ts';
import { documentListKey } from '../api/get-document-list.ts';
import {
  CartonLabel,
  CartonsResponse,
  RedressScanResponse,
  ReopenResponse,
  ReplacePackResponse,
  ValidateBprResponse,
} from '../../../lib/api/contract/redress.ts';

/** The redress calls of issue 17's contract (decision 0036); each answer refreshes the PO and its cartons. */

export const cartonsKey = (number: string, area: Area) => ['rrdCartons', area, number] as const;

export function useCartons(number: string, area: Area) {
  return useQuery({
    queryKey: cartonsKey(number, area),
    queryFn: () =>
      api.get('/api/rrdCartons/{poNo}', {
        path: { poNo: number },
        query: areaQuery(area),
        parse: (raw) => CartonsResponse.parse(raw),
      }),
    enabled: number !== '',
  });
}

/** After any redress call: the PO's details, its cartons and the PO list (its counts) are read again. */
function useRefresh(family: Family, number: string, area: Area) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: documentKey(family.type, number, area) });
    void client.invalidateQueries({ queryKey: cartonsKey(number, area) });
    void client.invalidateQueries({ queryKey: documentListKey(family.type, area) });
  };
}

export function useSaveBpr(family: Family, number: string, area: Area) {
  const refresh = useRefresh(family, number, area);
  return useMutation({
    mutationFn: (bprNo: string) =>
      api.post('/api/validateBPR', {
        query: areaQuery(area),
        body: { poNo: number, bprNo },
        parse: (raw) => ValidateBprResponse.parse(raw),
      }),
    onSuccess: refresh,
  });
}

export function useCartonLabel(family: Family, number: string, area: Area) {
  const refresh = useRefresh(family, number, area);
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/api/validateRRDLabel', { query: areaQuery(area), body: { poNo: number, code }, parse: (raw) => CartonLabel.parse(raw) }),
    onSuccess: refresh,
  });
}

export type SeriesScan = { scanType: 'SERIES'; code: string } | { scanType: 'NON_SERIES'; quantity: number };

export function useScanSeries(family: Family, number: string, area: Area, cartonCode: string) {
  const refresh = useRefresh(family, number, area);
  return useMutation({
    mutationFn: (scan: SeriesScan) =>
      api.post('/api/scanSeries', {
        query: areaQuery(area),
        body: { poNo: number, cartonCode, scanId: newScanId(), ...scan },
        parse: (raw) => RedressScanResponse.parse(raw),
      }),
    onSuccess: refresh,
  });
}

export function useReplacePack(family: Family, number: string, area: Area) {
  const refresh = useRefresh(family, number, area);
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      api.post('/api/replacePack', {
        query: areaQuery(area),
        body: { poNo: number, from, to, scanId: newScanId() },
        parse: (raw) => ReplacePackResponse.parse(raw),
      }),
    onSuccess: refresh,
  });
}

export function useReopenDocument(family: Family, number: string, area: Area) {
  const refresh = useRefresh(family, number, area);
  return useMutation({
    mutationFn: () =>
      api.post('/api/reopenDocument', {
        query: areaQuery(area),
        body: { docType: family.type, docNo: number },
        parse: (raw) => ReopenResponse.parse(raw),
      }),
    onSuccess: refresh,
  });
}
