import { TOOL_NEEDS } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  VerificationRequestsQuery,
  VerificationRequestsResponse,
  VerifyPackRequest,
  VerifyPackResponse,
} from '@pharma/domain/contract/verification';
import type { ZodApp } from '../../lib/zod-app.ts';
import { callerOf, neededInArea } from '../../plugins/auth.ts';
import type { VerificationService } from './verification.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** A pack verified against its warehouse's national system, and the requests sent (issue 28), in the area called (`?area=RDC|LDC`). */
export function verificationRoutes(app: ZodApp, service: VerificationService): void {
  app.post('/api/verifyPack', {
    config: neededInArea(TOOL_NEEDS.verifyPack),
    schema: {
      tags: ['verification'],
      summary: "Verifies a pack (its raw scan) against its warehouse's national system (NMVS or VRS): 200 answered, 202 not yet",
      description:
        'The code is decoded again and the pack found in the area; the request is written, then sent with a 2 s timeout. ' +
        'Not answered by then (the system slow or down): 202 with state PENDING, and the request is sent again until it is answered ' +
        '(GET /api/verificationRequests shows it). 409 VERIFICATION_NOT_SET when the warehouse has no system.',
      querystring: AreaQuery,
      body: VerifyPackRequest,
      response: { 200: VerifyPackResponse, 202: VerifyPackResponse, ...errors },
    },
    handler: async (request, reply) => {
      const answer = await service.verifyPack(callerOf(request), request.body.code);
      return reply.code(answer.state === 'PENDING' ? 202 : 200).send(answer);
    },
  });

  app.get('/api/verificationRequests', {
    config: neededInArea(TOOL_NEEDS.verificationView),
    schema: {
      tags: ['verification'],
      summary: "The requests sent to the area's national systems, newest first (200 at most), with their outcome, code and alert id",
      querystring: VerificationRequestsQuery,
      response: { 200: VerificationRequestsResponse, ...errors },
    },
    handler: async (request) => service.list(request.query),
  });
}
