import { authorize, isBatchStatus, TOOL_NEEDS, type BatchStatus, type Need, type Registry } from '@pharma/domain';
import {
  BatchLookupRequest,
  BatchLookupResponse,
  BatchParams,
  SetBatchStatusRequest,
  SetBatchStatusResponse,
  WhereaboutsQuery,
  WhereaboutsResponse,
} from '@pharma/domain/contract/batches';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../lib/zod-app.ts';
import { AppError } from '../../lib/errors.ts';
import { neededInArea } from '../../plugins/auth.ts';
import type { BatchesService } from './batches.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const view = neededInArea(TOOL_NEEDS.batchView);

/** The action each new status needs in module RECALL (BATCH_STATUS_ACTIONS): hold, release, recall. */
export const BATCH_STATUS_NEEDS = {
  ON_HOLD: TOOL_NEEDS.batchHold,
  RELEASED: TOOL_NEEDS.batchRelease,
  RECALLED: TOOL_NEEDS.batchRecall,
} as const satisfies Record<BatchStatus, Need>;

/**
 * The new status's own action, before the body is validated: the gate lets in callers with module
 * RECALL in the area; this refuses one without the action the status in the body needs (403), and,
 * when the body names no status, one holding none of the three, so a caller who may change no batch
 * is refused whatever they send. The status read here is the one validated after (an enum). The grants
 * are read in the module table of the registry the server runs (decision 0085).
 */
async function statusActionNeeded(request: FastifyRequest, registry: Registry): Promise<void> {
  const area = (request.query as { area?: unknown } | undefined)?.area === 'LDC' ? 'LDC' : 'RDC';
  const status = (request.body as { status?: unknown } | null | undefined)?.status;
  const needs = typeof status === 'string' && isBatchStatus(status) ? [BATCH_STATUS_NEEDS[status]] : Object.values(BATCH_STATUS_NEEDS);
  const results = needs.map((need) => authorize({ application: area, ...need }, request.principal?.authorization, registry));
  const refused = results.find((r) => !r.ok);
  if (refused && !results.some((r) => r.ok)) throw new AppError(refused.status, refused.code);
}

/** A batch's hold, release and recall, its lookup from a scanned pack, and its whereabouts (issue 30, decision 0070). */
export function batchesRoutes(app: ZodApp, batches: BatchesService, registry: Registry): void {
  app.put('/api/batches/:materialNo/:batchNo/status', {
    config: neededInArea({ module: 'RECALL' }),
    preValidation: async (request) => statusActionNeeded(request, registry),
    schema: {
      tags: ['batches'],
      summary: 'Puts a batch on hold, releases it or recalls it (final), with the reason: one transaction, one audit row',
      description:
        'Needs SetHold, ReleaseHold or Recall of module RECALL (the new status says which). Covers every unit of the batch in every ' +
        'warehouse at once: the answer counts its packs and the pallets, cartons and bundles holding them, and names the warehouses ' +
        'where its packs are in stock. Material and batch numbers are URL-encoded path segments.',
      params: BatchParams,
      querystring: AreaQuery,
      body: SetBatchStatusRequest,
      response: { 200: SetBatchStatusResponse, ...errors },
    },
    handler: async (request) =>
      batches.setStatus(request.principal!.user.id, request.params, request.body, (err) =>
        request.log.error({ err }, 'building the EPCIS events of a batch status change failed: the export builds them'),
      ),
  });

  app.post('/api/batches/lookup', {
    config: view,
    schema: {
      tags: ['batches'],
      summary: "The batch a pack's code names: GTIN + batch, or GTIN + serial of a pack on record",
      querystring: AreaQuery,
      body: BatchLookupRequest,
      response: { 200: BatchLookupResponse, ...errors },
    },
    handler: async (request) => batches.lookup(request.body.code),
  });

  app.get('/api/batches/:materialNo/:batchNo/whereabouts', {
    config: view,
    schema: {
      tags: ['batches'],
      summary: "Where a batch's packs are: totals, per warehouse, open documents, shipments (`format=csv`: one row per unit)",
      description:
        'Every warehouse of the company, whichever area asks. With `format=csv`: text/csv, a header row, then one row per unit ' +
        '(packs, and the pallets, cartons and bundles holding them), each field guarded against formula injection.',
      params: BatchParams,
      querystring: WhereaboutsQuery,
      response: { 200: z.union([WhereaboutsResponse, z.string()]), ...errors },
    },
    handler: async (request, reply) => {
      if (request.query.format === 'json') return batches.whereabouts(request.params);
      const name = `batch-${request.params.materialNo}-${request.params.batchNo}`.replace(/[^A-Za-z0-9._-]/g, '_');
      const csv = await batches.whereaboutsCsv(request.params);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          // The text as a stream of pieces (8 MB for 100,000 packs): Fastify pipes a stream as it is, past the serializer.
          .send(csv as unknown as string)
      );
    },
  });
}
