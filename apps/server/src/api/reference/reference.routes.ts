import { z } from 'zod';
import { ErrorBody } from '@pharma/domain/contract/common';
import { WarehousesResponse } from '@pharma/domain/contract/inventory';
import type { ZodApp } from '../../lib/zod-app.ts';
import type { Db } from '../../db/database.ts';

const signedIn = { requirement: { signedIn: true } } as const;
const errors = { 400: ErrorBody, 401: ErrorBody };

/** Reference data (spec point 7): warehouses, sales organisations, transfer plants, partners. */
export function referenceRoutes(app: ZodApp, db: Db): void {
  const warehouses = async () =>
    (await db.selectFrom('warehouses').selectAll().orderBy('warehouse_no').execute()).map((w) => ({
      warehouseNo: w.warehouse_no,
      name: w.name,
      area: w.area as 'RDC' | 'LDC',
      plant: w.plant,
      salesOrg: w.sales_org,
    }));

  app.get('/api/getWarehouses', {
    config: signedIn,
    schema: { tags: ['reference'], summary: 'Every warehouse', response: { 200: WarehousesResponse, ...errors } },
    handler: async () => ({ data: await warehouses() }),
  });

  app.get('/api/getSalesOrg', {
    config: signedIn,
    schema: {
      tags: ['reference'],
      summary: 'Sales organisations and their warehouses',
      response: { 200: z.object({ data: z.array(z.object({ salesOrg: z.string(), warehouseNos: z.array(z.string()) })) }), ...errors },
    },
    handler: async () => {
      const bySalesOrg = new Map<string, string[]>();
      for (const w of await warehouses()) bySalesOrg.set(w.salesOrg, [...(bySalesOrg.get(w.salesOrg) ?? []), w.warehouseNo]);
      return { data: [...bySalesOrg].map(([salesOrg, warehouseNos]) => ({ salesOrg, warehouseNos })) };
    },
  });

  app.get('/api/getTransferPlants', {
    config: signedIn,
    schema: {
      tags: ['reference'],
      summary: 'Plants a warehouse can transfer stock to (every other plant)',
      querystring: z.object({ warehouseNo: z.string().max(20).optional() }),
      response: { 200: z.object({ data: z.array(z.object({ plant: z.string(), warehouseNo: z.string(), name: z.string() })) }), ...errors },
    },
    handler: async (request) => ({
      data: (await warehouses())
        .filter((w) => w.warehouseNo !== request.query.warehouseNo)
        .map((w) => ({ plant: w.plant, warehouseNo: w.warehouseNo, name: w.name })),
    }),
  });

  app.get('/api/getPartnerIDsByWarehouseNo', {
    config: signedIn,
    schema: {
      tags: ['reference'],
      summary: 'Business partners (suppliers, customers, principals) of a warehouse',
      querystring: z.object({ warehouseNo: z.string().min(1).max(20) }),
      response: { 200: z.object({ data: z.array(z.object({ partnerId: z.string(), role: z.string(), name: z.string() })) }), ...errors },
    },
    handler: async (request) => ({
      data: (
        await db
          .selectFrom('warehouse_partners')
          .selectAll()
          .where('warehouse_no', '=', request.query.warehouseNo)
          .orderBy('partner_id')
          .execute()
      ).map((p) => ({ partnerId: p.partner_id, role: p.role, name: p.name })),
    }),
  });
}
