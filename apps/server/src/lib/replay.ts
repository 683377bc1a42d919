import { AppError } from './errors.ts';

/**
 * What a resent scanId answers (the offline queue resends, decision 0009), from the row kept under it:
 * the first answer when the request is the same one, 409 SCAN_ID_REUSED when the id came with another
 * request, undefined when nothing is kept under it yet. The one rule every scan path replays by.
 */
export function replayed<T>(row: { request_hash: string; response_json: string } | undefined, requestHash: string): T | undefined {
  if (!row) return undefined;
  if (row.request_hash !== requestHash) throw new AppError(409, 'SCAN_ID_REUSED');
  return JSON.parse(row.response_json) as T;
}
