import { ScanResponse, type ScanRequest } from '@pharma/domain/contract/inventory';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/scanForOperation: the raw code with a client-made scanId. Refusals (400, 404, 409,
 * 422) throw an ApiError with the server's `{ code, message }`. The TanStack mutation around it
 * is `useSubmitScan`, the one submit path (issue 7 swaps it for an offline queue).
 */
export function scanForOperation(body: ScanRequest): Promise<ScanResponse> {
  return api.request<ScanResponse>('/api/scanForOperation', { method: 'POST', body, parse: (raw) => ScanResponse.parse(raw) });
}
