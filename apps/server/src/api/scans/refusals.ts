import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { insertRefusal } from './refusals.repository.ts';

/**
 * Codes that refuse the request rather than the scan: a scanId reused for another scan (its id is that
 * scan's, already counted) and a queued scan made by another user than the session's (it is that user's
 * to send). Neither is a scan the rules refused.
 */
const NOT_A_REFUSED_SCAN: ReadonlySet<string> = new Set(['SCAN_ID_REUSED', 'SCAN_OF_ANOTHER_USER']);

/**
 * A scan route's `onError` hook that records a scan the rules refused (409 or 422) for the productivity
 * report (decision 0077); a malformed request (400), a caller refused (401, 403) or a document not found
 * (404) is not recorded. Fastify runs it only when the handler failed, so an accepted scan pays nothing,
 * and before the answer is sent, so the row exists once the client has its answer. The handler's promise
 * fails only once the scan's transaction is over (in a group commit, once the whole group committed), so
 * the row is written on its own, outside any scan's transaction. A failure to record is logged; the
 * answer stays the refusal. `docType`: the route's family, else the body's.
 */
export function recordRefusals(db: Db, docType?: string) {
  return async (request: FastifyRequest, _reply: FastifyReply, error: FastifyError): Promise<void> => {
    if (!(error instanceof AppError) || (error.status !== 409 && error.status !== 422) || NOT_A_REFUSED_SCAN.has(error.code)) return;
    const body = request.body as { scanId: string; docNo: string; docType?: string };
    const userId = request.principal?.user.id;
    if (!userId) return;
    try {
      await insertRefusal(db, {
        scanId: body.scanId,
        userId,
        docType: docType ?? body.docType ?? '',
        docNo: body.docNo,
        code: error.code,
        at: new Date().toISOString(),
      });
    } catch (failure) {
      request.log.error({ err: failure, scanId: body.scanId }, 'recording a refused scan failed');
    }
  };
}
