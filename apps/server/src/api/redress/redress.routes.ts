import { z } from 'zod';
import { isAllowed, type Registry } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  CartonLabel,
  CartonsResponse,
  RedressScanResponse,
  ReplacePackRequest,
  ReplacePackResponse,
  ScanSeriesRequest,
  ValidateBprRequest,
  ValidateBprResponse,
  ValidateLabelRequest,
} from '@pharma/domain/contract/redress';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { RedressService } from './redress.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 500: ErrorBody };

/**
 * Redress at local centres (issue 17's API contract, decision 0036); lists, details, reverse and completion
 * are the engine's. Behind the module of the registry's family scanning into labelled cartons (decision 0085).
 */
export function redressRoutes(app: ZodApp, service: RedressService, registry: Registry): void {
  const family = registry.cartonFamily;
  if (!family) return;
  const module = family.module;
  const scan = { requirement: { application: 'LDC' as const, module, action: 'Scan' as const }, areaParam: true };
  app.get('/api/rrdCartons/:poNo', {
    config: { requirement: { application: 'LDC', module, feature: 'DetailsPage' }, areaParam: true },
    schema: {
      tags: ['redress'],
      summary: "A redress PO's carton labels, each with the packs scanned into it",
      params: z.object({ poNo: z.string().min(1).max(40) }),
      querystring: AreaQuery,
      response: { 200: CartonsResponse, ...errors },
    },
    handler: async (request) => service.cartons(callerOf(request), request.params.poNo),
  });

  app.post('/api/validateBPR', {
    config: scan,
    schema: {
      tags: ['redress'],
      summary: "Validate and save a redress PO's BPR No. (changing a saved one needs EditBprNo)",
      querystring: AreaQuery,
      body: ValidateBprRequest,
      response: { 200: ValidateBprResponse, ...errors },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const mayEdit = isAllowed({ application: caller.area, module, action: 'EditBprNo' }, request.principal?.authorization, registry);
      return service.saveBpr(caller, request.body, mayEdit);
    },
  });

  app.post('/api/validateRRDLabel', {
    config: scan,
    schema: {
      tags: ['redress'],
      summary: 'Read a scanned carton label (GS1: 00 + 02/01 + 10 + 37/30) and record it on the PO',
      querystring: AreaQuery,
      body: ValidateLabelRequest,
      response: { 200: CartonLabel, ...errors },
    },
    handler: async (request) => service.validateLabel(callerOf(request), request.body),
  });

  app.post('/api/scanSeries', {
    config: scan,
    schema: {
      tags: ['redress'],
      summary: "Scan a pack's serial into a labelled carton (SERIES) or count packs without serials (NON_SERIES); idempotent by scanId",
      querystring: AreaQuery,
      body: ScanSeriesRequest,
      response: { 200: RedressScanResponse, ...errors },
    },
    handler: async (request) => service.scanSeries(callerOf(request), request.body),
  });

  app.post('/api/replacePack', {
    config: scan,
    schema: {
      tags: ['redress'],
      summary: 'Replace a pack of a carton with another of the same material, batch and serial format; idempotent by scanId',
      querystring: AreaQuery,
      body: ReplacePackRequest,
      response: { 200: ReplacePackResponse, ...errors },
    },
    handler: async (request) => service.replacePack(callerOf(request), request.body),
  });
}
