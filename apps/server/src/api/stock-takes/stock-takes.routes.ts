import { authorize, TOOL_NEEDS, type Registry } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  ApproveStockTakeResponse,
  CompleteStockTakeRequest,
  CreateStockTakeRequest,
  CreateStockTakeResponse,
  RecountRequest,
  StockTakeActionResponse,
  StockTakeDetails,
  StockTakeParams,
} from '@pharma/domain/contract/stock-takes';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../lib/zod-app.ts';
import { callerOf, neededInArea } from '../../plugins/auth.ts';
import type { StockTakeService, Viewer } from './stock-takes.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * The caller, with whether they see expected figures: ApproveCount in the area called (blind counts,
 * decision 0079), in the module table of the registry the server runs (decision 0085).
 */
function viewerOf(request: FastifyRequest & { query: { area: 'RDC' | 'LDC' } }, registry: Registry): Viewer {
  const caller = callerOf(request);
  const seesExpected = authorize({ application: caller.area, ...TOOL_NEEDS.countApprove }, request.principal?.authorization, registry).ok;
  return { ...caller, seesExpected };
}

/**
 * The stock take's own paths (issue 31, decision 0079); its scans are the engine's /api/scanForOperation
 * (docType COUNT) and its list the engine's GET /api/stockTakes (the family's `api.list`). Each path needs
 * its action of module STOCKTAKE in the area called (`?area=RDC|LDC`).
 */
export function stockTakesRoutes(app: ZodApp, service: StockTakeService, registry: Registry): void {
  app.post('/api/stockTakes', {
    config: neededInArea(TOOL_NEEDS.countCreate),
    schema: {
      tags: ['stock take'],
      summary: 'Creates a count of a warehouse (or of a material, batch or pallet in it) and takes its snapshot',
      querystring: AreaQuery,
      body: CreateStockTakeRequest,
      response: { 200: CreateStockTakeResponse, ...errors },
    },
    handler: async (request) => service.create(viewerOf(request, registry), request.body),
  });

  app.get('/api/stockTakes/:no', {
    config: neededInArea(TOOL_NEEDS.countView),
    schema: {
      tags: ['stock take'],
      summary:
        'A count per material and batch: expected, counted, missing, found, moved during the count (blind: counted only, without ApproveCount)',
      params: StockTakeParams,
      querystring: AreaQuery,
      response: { 200: StockTakeDetails, ...errors },
    },
    handler: async (request) => service.details(viewerOf(request, registry), request.params.no),
  });

  app.post('/api/stockTakes/:no/recount', {
    config: neededInArea(TOOL_NEEDS.countRecount),
    schema: {
      tags: ['stock take'],
      summary: 'Clears the counted units of one line (material and batch) so it is counted again; both counts stay in the trail',
      params: StockTakeParams,
      querystring: AreaQuery,
      body: RecountRequest,
      response: { 200: StockTakeActionResponse, ...errors },
    },
    handler: async (request) => service.recount(viewerOf(request, registry), request.params.no, request.body),
  });

  app.post('/api/stockTakes/:no/complete', {
    config: neededInArea(TOOL_NEEDS.countComplete),
    schema: {
      tags: ['stock take'],
      summary: 'Completes a count: each line with a difference needs a reason (refused naming the line otherwise)',
      params: StockTakeParams,
      querystring: AreaQuery,
      body: CompleteStockTakeRequest,
      response: { 200: StockTakeActionResponse, ...errors },
    },
    handler: async (request) => service.complete(viewerOf(request, registry), request.params.no, request.body),
  });

  app.post('/api/stockTakes/:no/approve', {
    config: neededInArea(TOOL_NEEDS.countApprove),
    schema: {
      tags: ['stock take'],
      summary:
        'Approves a completed count (not by who completed it): missing units become MISSING, found ones ACTIVE here, in one transaction',
      params: StockTakeParams,
      querystring: AreaQuery,
      response: { 200: ApproveStockTakeResponse, ...errors },
    },
    handler: async (request) => service.approve(viewerOf(request, registry), request.params.no),
  });
}
