import type { Area, ScanRequest } from '@pharma/domain/contract/inventory';
import { api, ApiError, isSessionLost } from '../api-client.ts';
import { areaQuery } from '../area-query.ts';
import type { SendResult } from './types.ts';
import { ScanResponse } from '../api/contract/inventory.ts';

/** Statuses worth another try with the same scanId: no answer, timeouts, throttling, server faults. */
export function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** What a failed POST means for the queue. */
export function classifyError(error: unknown): SendResult {
  if (isSessionLost(error)) return { kind: 'signed-out' };
  // The browser's session is not the scan's maker's (another tab signed in): it waits for its maker.
  if (error instanceof ApiError && error.code === 'SCAN_OF_ANOTHER_USER') return { kind: 'signed-out' };
  if (error instanceof ApiError && !isTransient(error.status)) return { kind: 'refused', code: error.code, message: error.message };
  return { kind: 'retry' };
}

/**
 * POST /api/scanForOperation (`?area=LDC` for the local site; RDC is the default) with the scan's own scanId: a repeated id gets the first answer, so
 * a scan sent twice (a lost answer, two tabs) counts once. The api client refreshes on 401.
 */
export async function sendScan(request: ScanRequest, area: Area): Promise<SendResult> {
  try {
    const answer = await api.post('/api/scanForOperation', {
      query: areaQuery(area),
      body: request,
      parse: (raw) => ScanResponse.parse(raw),
    });
    return { kind: 'answered', answer };
  } catch (error) {
    return classifyError(error);
  }
}
