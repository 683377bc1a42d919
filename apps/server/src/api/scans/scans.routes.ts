import { ErrorBody } from '@pharma/domain/contract/common';
import {
  AreaQuery,
  CompleteReceiveRequest,
  CompleteResponse,
  ReverseRequest,
  ScanRequest,
  ScanResponse,
} from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { CompleteService } from './complete.service.ts';
import type { ScanService } from './scans.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** Scanning against documents. The raw code is decoded again here: the browser's fields are never trusted. */
export function scansRoutes(app: ZodApp, scans: ScanService, complete: CompleteService): void {
  app.post('/api/scanForOperation', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', action: 'Scan' }, areaParam: true },
    schema: {
      tags: ['receive'],
      summary: 'Scan a pallet, carton or pack against a document (idempotent by scanId)',
      querystring: AreaQuery,
      body: ScanRequest,
      response: { 200: ScanResponse, ...errors },
    },
    handler: async (request) => scans.scan({ userId: request.principal!.user.id, area: request.query.area }, request.body),
  });

  app.post('/api/reverseOperation', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', action: 'DeleteScannedItem' }, areaParam: true },
    schema: {
      tags: ['receive'],
      summary: 'Take a scanned unit off a document where its status allows',
      querystring: AreaQuery,
      body: ReverseRequest,
      response: { 200: ScanResponse, ...errors },
    },
    handler: async (request) => scans.reverse({ userId: request.principal!.user.id, area: request.query.area }, request.body),
  });

  app.post('/api/completeReceive', {
    config: { requirement: { application: 'RDC', module: 'RECEIVE', action: 'Complete' }, areaParam: true },
    schema: {
      tags: ['receive'],
      summary: 'Complete a receipt: scanned units ACTIVE / WAREHOUSE RECEIVED, shortages recorded',
      querystring: AreaQuery,
      body: CompleteReceiveRequest,
      response: { 200: CompleteResponse, ...errors },
    },
    handler: async (request) =>
      complete.completeReceive({ userId: request.principal!.user.id, area: request.query.area }, request.body.ibdNo),
  });
}
