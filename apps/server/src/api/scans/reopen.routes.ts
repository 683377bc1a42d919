import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import { ReopenRequest, ReopenResponse } from '@pharma/domain/contract/redress';
import type { ZodApp } from '../../lib/zod-app.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { ReopenService } from './reopen.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 500: ErrorBody };

/** Reopening a completed document, for every family whose entry allows it (`reopen`), whatever families the registry holds. */
export function reopenRoutes(app: ZodApp, reopen: ReopenService): void {
  app.post('/api/reopenDocument', {
    config: { requirement: { application: 'RDC', action: 'ReopenDocument' }, areaParam: true, familyField: 'docType' },
    schema: {
      tags: ['documents'],
      summary:
        'Reopen a completed document of a family that allows it (redress, dispatch, scrapping): what its completion decommissioned in the national system is undone first, then its units go back to the scanned state',
      querystring: AreaQuery,
      body: ReopenRequest,
      response: { 200: ReopenResponse, ...errors },
    },
    handler: async (request) => reopen.reopen(callerOf(request), request.body.docType, request.body.docNo),
  });
}
