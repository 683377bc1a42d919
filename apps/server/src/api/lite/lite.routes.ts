import { authorize, type Action, type Family, type Feature, type LiteFamily, type ModuleCode, type Registry } from '@pharma/domain';
import { localeOf } from '../../plugins/language.ts';
import { ErrorBody } from '@pharma/domain/contract/common';
import { CompleteResponse, ListResponse, ScanResponse } from '@pharma/domain/contract/inventory';
import {
  LiteCreateRequest,
  LiteDeleteItemRequest,
  LiteDocumentRef,
  LiteDocumentResponse,
  LiteLineQuery,
  LiteLineRequest,
  LiteLineResponse,
  LiteListQuery,
  LiteMaterialQuery,
  LiteMaterialResponse,
  LiteMessageResponse,
  LiteRedressCompleteRequest,
  LiteScanRequest,
} from '@pharma/domain/contract/lite';
import { LiteCountsQuery, LiteCountsResponse, LiteRemoveCountRequest, LiteRemoveCountResponse } from '@pharma/domain/contract/lite-counts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import { recordRefusals } from '../scans/refusals.ts';
import type { LiteService } from './lite.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['lite'];
/**
 * Paths naming the family in their body or query (`moduleType`): on arrival the feature or action is
 * checked in some module of the area, so a caller with none is refused before the body is read; the
 * family's own module once it is read (`gate`).
 */
const inArea = (need: { feature: Feature } | { action: Action }) => ({ requirement: { application: 'LDC' as const, ...need } });

/**
 * The 23 lite paths of spec point 7 (decision 0039). Every path checks the family's module (REDRESS+,
 * DISPATCH+, …) on the server: the list and scan paths name their family, so their requirement says it;
 * the others read `moduleType` and check it with the same `authorize()` before the service runs. A scan
 * the rules refuse is recorded as the engine's scan paths record it (`recordRefusals`).
 */
export function liteRoutes(app: ZodApp, db: Db, service: LiteService, registry: Registry): void {
  const user = (request: FastifyRequest) => ({ userId: request.principal!.user.id, locale: localeOf(request) });
  const gate = (request: FastifyRequest, moduleType: string) => gateLite(registry, request, moduleType);
  const gateCounts = (request: FastifyRequest, moduleType: string) => gateCounted(registry, request, moduleType);

  for (const f of registry.liteFamilies) {
    app.get(f.api.list, {
      config: { requirement: { application: 'LDC', module: f.module, feature: 'List' } },
      schema: {
        tags,
        summary: `${f.name} documents of the local area, 20 a page`,
        querystring: LiteListQuery,
        response: { 200: ListResponse, ...errors },
      },
      handler: async (request) => service.list(f, request.query),
    });
    app.post(f.api.scan, {
      config: { requirement: { application: 'LDC', module: f.module, action: 'Scan' } },
      onError: recordRefusals(db, f.family.type),
      schema: {
        tags,
        summary: `Scan a ${f.scanUnits.join(', ')} against a ${f.name} document: the units move as the engine's ${f.family.type} family says (idempotent by scanId)`,
        body:
          f.scanUnits.length === 1
            ? LiteScanRequest.extend({ unit: LiteScanRequest.shape.unit.refine((u) => f.scanUnits.includes(u), `a ${f.scanUnits[0]}`) })
            : LiteScanRequest,
        response: { 200: ScanResponse, ...errors },
      },
      handler: async (request) => service.scan(user(request), f, request.body),
    });
  }

  app.post('/api/lite/createDocument', {
    config: inArea({ feature: 'CreateMaterialBatch' }),
    schema: {
      tags,
      summary: 'Create a lite document with the number the user entered (unique per family)',
      body: LiteCreateRequest,
      response: { 201: LiteDocumentResponse, ...errors },
    },
    handler: async (request, reply) => {
      const f = gate(request, request.body.moduleType);
      reply.code(201);
      return service.create(user(request), f, request.body);
    },
  });

  app.post('/api/lite/removeDocument', {
    config: inArea({ feature: 'CreateMaterialBatch' }),
    schema: {
      tags,
      summary: 'Remove a lite document that has no packs on it (refused while scanned packs remain)',
      body: LiteDocumentRef,
      response: { 200: LiteMessageResponse, ...errors },
    },
    handler: async (request) => service.remove(user(request), gate(request, request.body.moduleType), request.body.docNo),
  });

  app.post('/api/lite/updateDocument', {
    config: inArea({ feature: 'CreateMaterialBatch' }),
    schema: {
      tags,
      summary: "Add a material and batch line, or set the quantity of that line ('Item added successfully!')",
      body: LiteLineRequest,
      response: { 200: LiteDocumentResponse, ...errors },
    },
    handler: async (request) => service.putLine(user(request), gate(request, request.body.moduleType), request.body),
  });

  app.get('/api/lite/getDocumentDetails', {
    config: inArea({ feature: 'DetailsPage' }),
    schema: {
      tags,
      summary: 'A lite document with its lines and every unit scanned on them',
      querystring: LiteDocumentRef,
      response: { 200: LiteDocumentResponse, ...errors },
    },
    handler: async (request) => service.details(gate(request, request.query.moduleType), request.query.docNo),
  });

  app.get('/api/lite/getDocumentDetailsByMaterialAndBatch', {
    config: inArea({ feature: 'MaterialDetails' }),
    schema: {
      tags,
      summary: 'One material and batch line of a lite document, with the units scanned on it',
      querystring: LiteLineQuery,
      response: { 200: LiteLineResponse, ...errors },
    },
    handler: async (request) => {
      const f = gate(request, request.query.moduleType);
      return service.line(f, request.query.docNo, request.query.materialNo, request.query.batchNo);
    },
  });

  app.get('/api/lite/getMaterialDetails', {
    config: inArea({ feature: 'MaterialDetails' }),
    schema: {
      tags,
      summary: 'A material by its number, or by a scanned pack code (its GTIN; the batch comes along)',
      querystring: LiteMaterialQuery,
      response: { 200: LiteMaterialResponse, ...errors },
    },
    handler: async (request) => {
      gate(request, request.query.moduleType);
      return service.material(request.query);
    },
  });

  app.post('/api/lite/deleteItem', {
    config: inArea({ action: 'DeleteScannedItem' }),
    schema: {
      tags,
      summary: "Delete a scanned unit (back to its state before the scan) or a line with nothing scanned ('Item removed successfully')",
      body: LiteDeleteItemRequest,
      response: { 200: LiteDocumentResponse, ...errors },
    },
    handler: async (request) => service.deleteItem(user(request), gate(request, request.body.moduleType), request.body),
  });

  app.post('/api/lite/completeOperationForDoc', {
    config: inArea({ action: 'Complete' }),
    schema: {
      tags,
      summary: "Complete a lite document: its scanned units take the family's completed state",
      body: LiteDocumentRef,
      response: { 200: CompleteResponse, ...errors },
    },
    handler: async (request) => service.complete(user(request), gate(request, request.body.moduleType), request.body.docNo),
  });

  // Each line's scans and their removal (issue 27, decision 0066): any lite family, and a counted family (SCANLITE).
  app.get('/api/lite/getCounts', {
    config: inArea({ feature: 'DetailsPage' }),
    schema: {
      tags,
      summary: 'What was scanned on each line, scan by scan: the code, the packs, who and when (newest first)',
      querystring: LiteCountsQuery,
      response: { 200: LiteCountsResponse, ...errors },
    },
    handler: async (request) => {
      const f = gateCounts(request, request.query.moduleType);
      return service.counts.list(f, f.module, request.query.docNo);
    },
  });

  app.post('/api/lite/removeCount', {
    config: inArea({ action: 'DeleteScannedItem' }),
    schema: {
      tags,
      summary: "Remove one scan before completion: the line's figures follow, audited ('Item removed successfully'; idempotent by scanId)",
      body: LiteRemoveCountRequest,
      response: { 200: LiteRemoveCountResponse, ...errors },
    },
    handler: async (request) => {
      const f = gateCounts(request, request.body.moduleType);
      return service.counts.remove(user(request), f, f.module, request.body);
    },
  });

  // The lite family completed by its cartons (Redress+: 'Complete Scanning'), where the registry has one.
  const redress = registry.liteCartonFamily;
  if (!redress) return;
  app.post(redress.api.complete, {
    config: { requirement: { application: 'LDC', module: redress.module, action: 'Complete' } },
    schema: {
      tags,
      summary: `'Complete Scanning' of a ${redress.name} document`,
      body: LiteRedressCompleteRequest,
      response: { 200: CompleteResponse, ...errors },
    },
    handler: async (request) => service.complete(user(request), redress, request.body.docNo),
  });
}

/** The family `moduleType` names, once the caller is found to have its module with the route's feature or action. */
function gateLite(registry: Registry, request: FastifyRequest, moduleType: string): LiteFamily {
  const f = registry.liteFamilyOf(moduleType);
  if (!f) throw new AppError(404, 'LITE_UNKNOWN_MODULE', { module: moduleType });
  allow(registry, request, f.module);
  return f;
}

/** As `gate`, for the count paths: a lite family, or a family of the local area that counts stock (ScanLite). */
function gateCounted(registry: Registry, request: FastifyRequest, moduleType: string): Family {
  const f =
    registry.liteFamilyOf(moduleType)?.family ??
    registry.families.find((x) => x.counted && x.module === moduleType && x.areas.includes('LDC'));
  if (!f) throw new AppError(404, 'LITE_UNKNOWN_MODULE', { module: moduleType });
  allow(registry, request, f.module);
  return f;
}

/** The route's feature or action, in that module, for the caller. */
function allow(registry: Registry, request: FastifyRequest, module: ModuleCode): void {
  const need = request.routeOptions.config.requirement;
  if (!need || !('application' in need)) throw new AppError(403, 'FEATURE_NOT_AUTHORIZED');
  const result = authorize({ ...need, module }, request.principal?.authorization, registry);
  if (!result.ok) throw new AppError(result.status, result.code);
}
