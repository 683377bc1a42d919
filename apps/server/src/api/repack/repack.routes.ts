import { z } from 'zod';
import { TOOL_NEEDS } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  HandleRepackCodeRequest,
  HandleRepackCodeResponse,
  RepackCompletedResponse,
  RepackCompleteOperatorRequest,
  RepackNo,
  RepackScanOperationRequest,
  RepackScanOperationResponse,
  RepackScanRequest,
  RepackView,
  ValidateHuRequest,
  ValidateHuResponse,
} from '@pharma/domain/contract/repack';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { RepackService } from './repack.service.ts';
import { callerOf, neededInArea } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
/** What each path needs (decision 0057), in the area of the call (`?area=RDC|LDC`), regional and local alike. */
const move = neededInArea(TOOL_NEEDS.repackMove);

/** Repack documents (issue 18, decision 0048): open, move onto or off, complete, view. */
export function repackRoutes(app: ZodApp, repack: RepackService): void {
  app.post('/api/repackScan', {
    config: move,
    schema: {
      tags: ['repack'],
      summary: 'Opens a repack of the scanned pallet or carton (raw scan), or answers its pending repack',
      description:
        'A pack code, a locked unit or an SSCC not of the area is refused. With `referenceNo` the repack is made for that document.',
      querystring: AreaQuery,
      body: RepackScanRequest,
      response: { 200: RepackView, ...errors },
    },
    handler: async (request) => repack.scan(callerOf(request), request.body),
  });

  app.post('/api/repackScanOperation', {
    config: move,
    schema: {
      tags: ['repack'],
      summary: "Moves the scanned unit onto the repack's destination, or off it with `remove`, in one transaction (idempotent by scanId)",
      querystring: AreaQuery,
      body: RepackScanOperationRequest,
      response: { 200: RepackScanOperationResponse, ...errors },
    },
    handler: async (request) => repack.scanOperation(callerOf(request), request.body),
  });

  app.post('/api/handleRepackCode', {
    config: move,
    schema: {
      tags: ['repack'],
      summary: 'What a scanned code is, and whether it may be repacked (the refusal it would get)',
      querystring: AreaQuery,
      body: HandleRepackCodeRequest,
      response: { 200: HandleRepackCodeResponse, ...errors },
    },
    handler: async (request) => repack.handleCode(callerOf(request), request.body.code),
  });

  app.post('/api/validateHU', {
    config: move,
    schema: {
      tags: ['repack'],
      summary: "Whether an SSCC may be a repack's destination (a pallet or carton of the area, not locked), and its pending repack",
      querystring: AreaQuery,
      body: ValidateHuRequest,
      response: { 200: ValidateHuResponse, ...errors },
    },
    handler: async (request) => repack.validate(callerOf(request), request.body.sscc),
  });

  app.post('/api/repackCompleteOperator', {
    config: neededInArea(TOOL_NEEDS.repackComplete),
    schema: {
      tags: ['repack'],
      summary: "Completes a repack by its number: REPACK_COMPLETE ('Repacking completed successfully!'); it takes no more moves",
      querystring: AreaQuery,
      body: RepackCompleteOperatorRequest,
      response: { 200: RepackCompletedResponse, ...errors },
    },
    handler: async (request) => repack.completeByNumber(callerOf(request), request.body.repackNo),
  });

  app.get('/api/repackNo/:repackNo', {
    config: neededInArea(TOOL_NEEDS.repackView),
    schema: {
      tags: ['repack'],
      summary: 'A repack of the area, pending or complete: its destination, source pallets, contents and moves',
      params: z.object({ repackNo: RepackNo }),
      querystring: AreaQuery,
      response: { 200: RepackView, ...errors },
    },
    handler: async (request) => repack.details(callerOf(request), request.params.repackNo),
  });
}
