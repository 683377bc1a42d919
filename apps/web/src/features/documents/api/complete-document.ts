import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Family } from '@pharma/domain';
import type { Area } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';
import type { BodyOf, CompletePath } from '../../../lib/api/paths.ts';
import { areaQuery } from '../../../lib/area-query.ts';
import { documentKey, updateCachedDocument } from './get-document.ts';
import { CompleteResponse } from '../../../lib/api/contract/inventory.ts';

export type CompleteAnswer = ReturnType<typeof CompleteResponse.parse>;

/**
 * Completes a document: the family's own path with the number under its field
 * (/api/completeReceive { ibdNo } …), else /api/completeOperation { docType, docNo }.
 */
export function completeDocument(family: Family, number: string, area: Area): Promise<CompleteAnswer> {
  const { path, field } = family.complete;
  const query = areaQuery(area);
  const parse = (raw: unknown) => CompleteResponse.parse(raw);
  if (path && field) return api.post(path as CompletePath, { query, body: { [field]: number } as BodyOf<CompletePath>, parse });
  return api.post('/api/completeOperation', { query, body: { docType: family.type, docNo: number }, parse });
}

export function useCompleteDocument(family: Family, number: string, area: Area) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => completeDocument(family, number, area),
    onSuccess: (answer) => {
      updateCachedDocument(client, { type: family.type, number, area }, answer, false);
      void client.invalidateQueries({ queryKey: documentKey(family.type, number, area) });
    },
  });
}
