import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentType } from '@pharma/domain';
import type { Area, ReverseRequest } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { newScanId } from '../../../lib/scan-id.ts';
import { parseUnitId, unitCode } from '../../../lib/unit-codes.ts';
import { updateCachedDocument } from './get-document.ts';
import { ScanResponse } from '../../../lib/api/contract/inventory.ts';

type ReverseBody = ReturnType<typeof ReverseRequest.parse>;

/** POST /api/reverseOperation: removes a scanned unit from a document of any family; `packs` is the number of packs taken off. */
export function reverseOperation(body: ReverseBody, area: Area): Promise<ScanResponse> {
  return api.post('/api/reverseOperation', {
    query: areaQuery(area),
    body,
    parse: (raw) => ScanResponse.parse(raw),
  });
}

export function useReverseOperation(type: DocumentType, number: string, area: Area) {
  const client = useQueryClient();
  return useMutation({
    /** `id` as the lines' scanned details write it (SSCC or GTIN/serial); sent as the code a scanner types. */
    mutationFn: (id: string) =>
      reverseOperation({ docType: type, docNo: number, code: unitCode(parseUnitId(id)), scanId: newScanId() }, area),
    onSuccess: (answer) => updateCachedDocument(client, { type, number, area }, answer, { removedUnitId: answer.unit.id }),
  });
}
