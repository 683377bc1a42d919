import { z } from 'zod';
import { isAllowed } from '@pharma/domain';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import {
  CartonLabel,
  CartonsResponse,
  RedressScanResponse,
  ReopenRequest,
  ReopenResponse,
  ReplacePackRequest,
  ReplacePackResponse,
  ScanSeriesRequest,
  ValidateBprRequest,
  ValidateBprResponse,
  ValidateLabelRequest,
} from '@pharma/domain/contract/redress';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { ReopenService } from '../scans/reopen.service.ts';
import type { RedressService } from './redress.service.ts';
import { callerOf } from '../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 500: ErrorBody };
const scan = { requirement: { application: 'LDC' as const, module: 'REDRESS' as const, action: 'Scan' as const }, areaParam: true };

/** Redress at local centres (issue 17's API contract, decision 0036); lists, details, reverse and completion are the engine's. */
export function redressRoutes(app: ZodApp, service: RedressService, reopen: ReopenService): void {
  app.get('/api/rrdCartons/:poNo', {
    config: { requirement: { application: 'LDC', module: 'REDRESS', feature: 'DetailsPage' }, areaParam: true },
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
      const mayEdit = isAllowed({ application: caller.area, module: 'REDRESS', action: 'EditBprNo' }, request.principal?.authorization);
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
