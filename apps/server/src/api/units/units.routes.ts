import { z } from 'zod';
import { TOOL_NEEDS } from '@pharma/domain';
import { ErrorBody, ScanCode } from '@pharma/domain/contract/common';
import { AreaQuery, ItemStatusRequest, SearchResponse, UnitView } from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { UnitsService } from './units.service.ts';
import { neededInArea } from '../../plugins/auth.ts';

const search = { requirement: { application: 'RDC', module: 'GLOBAL', feature: 'Search' }, areaParam: true } as const;
/** The ERP's search (decision 0083): across warehouses, as the INTEGRATION right's other routes, announced units included. */
const integration = { requirement: { right: 'INTEGRATION' } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const Code = z.object({ code: ScanCode });

export function unitsRoutes(app: ZodApp, service: UnitsService): void {
  app.get('/api/searchSSCC/:code', {
    config: search,
    schema: {
      tags: ['search'],
      summary: 'A pallet or carton by SSCC (a raw scan accepted, URL-encoded)',
      params: Code,
      querystring: AreaQuery,
      response: { 200: SearchResponse, ...errors },
    },
    handler: async (request) => ({ data: await service.searchSscc(request.params.code, request.query.area) }),
  });

  app.get('/api/serialSearch/:code', {
    config: search,
    schema: {
      tags: ['search'],
      summary: 'Packs by serial: GTIN + serial from a pack code, or a bare serial (several GTINs may match)',
      params: Code,
      querystring: AreaQuery,
      response: { 200: SearchResponse, ...errors },
    },
    handler: async (request) => ({ data: await service.searchSerial(request.params.code, request.query.area) }),
  });

  app.get('/api/integration/searchSSCC/:code', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'A pallet or carton by SSCC in any warehouse or none (announced by EPCIS, not yet received)',
      params: Code,
      response: { 200: SearchResponse, ...errors },
    },
    handler: async (request) => ({ data: await service.searchSscc(request.params.code, undefined) }),
  });

  app.get('/api/integration/serialSearch/:code', {
    config: integration,
    schema: {
      tags: ['integration'],
      summary: 'Packs by serial in any warehouse or none (announced by EPCIS, not yet received)',
      params: Code,
      response: { 200: SearchResponse, ...errors },
    },
    handler: async (request) => ({ data: await service.searchSerial(request.params.code, undefined) }),
  });

  app.post('/api/itemStatus', {
    // The receiving module's EditItemStatus (TOOL_NEEDS, the web's unit card reads the same need).
    config: neededInArea(TOOL_NEEDS.editItemStatus),
    schema: {
      tags: ['search'],
      summary: "Edit an item's status: only the statuses the spec offers for its situation",
      querystring: AreaQuery,
      body: ItemStatusRequest,
      response: { 200: UnitView, ...errors },
    },
    handler: async (request) => service.setStatus(request.principal!.user.id, { ...request.body, area: request.query.area }),
  });
}
