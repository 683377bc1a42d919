import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { AreaQuery } from '@pharma/domain/contract/inventory';
import { CreatePalletRequest, GenerateSsccRequest, SsccResponse, WarehouseSetupBody } from '@pharma/domain/contract/labels';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { SsccService } from './sscc.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
/** Every user of the area: the tiles 'Create New Pallet SSCC' and 'Print new label' have no module (decision 0030). */
const inArea = { requirement: { application: 'RDC' }, areaParam: true } as const;

/** SSCC allocation and pallets made by repacking (issue 18). */
export function ssccRoutes(app: ZodApp, sscc: SsccService): void {
  app.put('/api/integration/warehouses/:warehouseNo', {
    config: { requirement: { right: 'INTEGRATION' } },
    schema: {
      tags: ['integration'],
      summary: "A warehouse's SSCC issuer (GS1 Company Prefix, extension digit) and its network label printers",
      params: z.object({ warehouseNo: z.string().min(1).max(20) }),
      body: WarehouseSetupBody,
      response: { 200: z.object({ updated: z.literal(true) }), ...errors },
    },
    handler: async (request) => sscc.setup(request.principal!.user.id, request.params.warehouseNo, request.body),
  });

  app.post('/api/generateSSCC', {
    config: inArea,
    schema: {
      tags: ['labels'],
      summary: 'A new SSCC of the warehouse: extension digit, company prefix, next serial reference, check digit (GS1 GenSpecs 2.2.1)',
      querystring: AreaQuery,
      body: GenerateSsccRequest,
      response: { 200: SsccResponse, ...errors },
    },
    handler: async (request) => sscc.generate({ userId: request.principal!.user.id, area: request.query.area }, request.body.warehouseNo),
  });

  app.post('/api/createPallet', {
    config: inArea,
    schema: {
      tags: ['labels'],
      summary: 'A new empty pallet (PLT) or carton (CTN) with a new SSCC, REPACK_PENDING until its repack is completed',
      querystring: AreaQuery,
      body: CreatePalletRequest,
      response: { 200: SsccResponse, ...errors },
    },
    handler: async (request) => sscc.createPallet({ userId: request.principal!.user.id, area: request.query.area }, request.body),
  });
}
