import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { WarehousesResponse } from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { ReferenceService } from './reference.service.ts';

/** A user of some area: an account no administrator has granted a role yet reads nothing (decision 0057). */
const ofAnArea = { requirement: { anyArea: true } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** Reference data (spec point 7): warehouses, sales organisations, transfer plants, partners. */
export function referenceRoutes(app: ZodApp, service: ReferenceService): void {
  app.get('/api/getWarehouses', {
    config: ofAnArea,
    schema: { tags: ['reference'], summary: 'Every warehouse', response: { 200: WarehousesResponse, ...errors } },
    handler: async () => ({ data: await service.warehouses() }),
  });

  app.get('/api/getSalesOrg', {
    config: ofAnArea,
    schema: {
      tags: ['reference'],
      summary: 'Sales organisations and their warehouses',
      response: { 200: z.object({ data: z.array(z.object({ salesOrg: z.string(), warehouseNos: z.array(z.string()) })) }), ...errors },
    },
    handler: async () => ({ data: await service.salesOrgs() }),
  });

  app.get('/api/getTransferPlants', {
    config: ofAnArea,
    schema: {
      tags: ['reference'],
      summary: 'Plants a warehouse can transfer stock to (every other plant)',
      querystring: z.object({ warehouseNo: z.string().max(20).optional() }),
      response: { 200: z.object({ data: z.array(z.object({ plant: z.string(), warehouseNo: z.string(), name: z.string() })) }), ...errors },
    },
    handler: async (request) => ({ data: await service.transferPlants(request.query.warehouseNo) }),
  });

  app.get('/api/getPartnerIDsByWarehouseNo', {
    config: ofAnArea,
    schema: {
      tags: ['reference'],
      summary: 'Business partners (suppliers, customers, principals) of a warehouse',
      querystring: z.object({ warehouseNo: z.string().min(1).max(20) }),
      response: { 200: z.object({ data: z.array(z.object({ partnerId: z.string(), role: z.string(), name: z.string() })) }), ...errors },
    },
    handler: async (request) => ({ data: await service.partners(request.query.warehouseNo) }),
  });
}
