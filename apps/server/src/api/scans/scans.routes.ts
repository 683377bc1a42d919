import type { Registry } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import {
  AreaQuery,
  CompleteOperationRequest,
  completeRequestOf,
  CompleteResponse,
  ReverseRequest,
  ScanRequest,
  ScanResponse,
} from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { CompleteService } from './complete.service.ts';
import type { CountService } from './counts.service.ts';
import type { ScanService } from './scans.service.ts';
import type { StockTakeService } from '../stock-takes/stock-takes.service.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordRefusals } from './refusals.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * Scanning against documents of every family. The module a call needs is the family's of the
 * document it names (`familyField`), checked after the area and the action. The raw code is decoded
 * again here: the browser's fields are never trusted. A scan the rules refuse is recorded (`recordRefusals`).
 */
export function scansRoutes(
  app: ZodApp,
  db: Db,
  scans: ScanService,
  complete: CompleteService,
  counts: CountService | undefined,
  stockTakes: StockTakeService | undefined,
  /** The families it serves (decision 0085). */
  registry: Registry,
): void {
  const familyOf = (type: string) => registry.familyOf(type);
  /** The service that scans a document type: a counted family's (ScanLite, decision 0027) or the units' one. */
  const counting = (docType: string) => (counts && familyOf(docType)?.counted ? counts : undefined);
  /** A stock take's scans (decision 0079): its service records the units counted and changes none. */
  const stockTaking = (docType: string) => (stockTakes && familyOf(docType)?.stockTake ? stockTakes : undefined);

  app.post('/api/scanForOperation', {
    config: { requirement: { application: 'RDC', action: 'Scan' }, areaParam: true, familyField: 'docType' },
    onError: recordRefusals(db),
    schema: {
      tags: ['documents'],
      summary: 'Scan a pallet, carton or pack against a document of any family (idempotent by scanId)',
      querystring: AreaQuery,
      body: ScanRequest,
      response: { 200: ScanResponse, ...errors },
    },
    handler: async (request) => {
      const actor = callerOf(request);
      const stockTake = stockTaking(request.body.docType);
      if (stockTake) return stockTake.scan(actor, request.body);
      return (counting(request.body.docType) ?? scans).scan(actor, request.body);
    },
  });

  app.post('/api/reverseOperation', {
    config: { requirement: { application: 'RDC', action: 'DeleteScannedItem' }, areaParam: true, familyField: 'docType' },
    schema: {
      tags: ['documents'],
      summary: 'Take a scanned unit off a document, back to the state it had before, where its status allows',
      querystring: AreaQuery,
      body: ReverseRequest,
      response: { 200: ScanResponse, ...errors },
    },
    handler: async (request) => {
      const actor = callerOf(request);
      return (counting(request.body.docType) ?? scans).reverse(actor, request.body);
    },
  });

  app.post('/api/completeOperation', {
    config: { requirement: { application: 'RDC', action: 'Complete' }, areaParam: true, familyField: 'docType' },
    schema: {
      tags: ['documents'],
      summary: "Complete a document of any family: its scanned units take the family's completed state",
      querystring: AreaQuery,
      body: CompleteOperationRequest,
      response: { 200: CompleteResponse, ...errors },
    },
    handler: async (request) => complete.complete(callerOf(request), request.body.docType, request.body.docNo),
  });

  // A counted family's own scan path (ScanLite: /api/scanLiteScanOperation), the body of /api/scanForOperation.
  for (const family of registry.families) {
    if (!family.counted || !counts) continue;
    app.post(family.counted.scanPath, {
      config: { requirement: { application: 'RDC', module: family.module, action: 'Scan' }, areaParam: true },
      onError: recordRefusals(db, family.type),
      schema: {
        tags: ['documents'],
        summary: `Count one pack of a material and batch (GS1 01 + 10) on a ${family.type} document; no serialised unit moves (idempotent by scanId)`,
        querystring: AreaQuery,
        // The code names what is counted: no document type (the path's) and no unit type (always a pack).
        body: ScanRequest.omit({ docType: true, unit: true, idType: true }),
        response: { 200: ScanResponse, ...errors },
      },
      handler: async (request) => counts.scan(callerOf(request), { ...request.body, docType: family.type }),
    });
  }

  // A family's own completion path: { ibdNo }, { obdNo }, { decommNo }.
  for (const family of registry.families) {
    const { path, field } = family.complete;
    if (!path || !field) continue;
    app.post(path, {
      config: { requirement: { application: 'RDC', module: family.module, action: 'Complete' }, areaParam: true },
      schema: {
        tags: ['documents'],
        summary: `Complete a ${family.type} document: its scanned units become ${family.completed.status} / ${family.completed.reason ?? '-'}`,
        querystring: AreaQuery,
        body: completeRequestOf(field),
        response: { 200: CompleteResponse, ...errors },
      },
      handler: async (request) => complete.complete(callerOf(request), family.type, String(request.body[field])),
    });
  }
}
