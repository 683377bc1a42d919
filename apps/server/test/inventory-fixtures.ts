import type { Db } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { CodeMaker, type Shipment } from '../src/seed/epcis-builder.ts';
import { httpPort, stageIbd, type Product, type StockPort } from '../src/seed/stock-builder.ts';

export type { Product };

/** The demo materials with one batch each, read through the database the app uses. */
export async function products(t: { database: { db: Db } }): Promise<Product[]> {
  const materials = await t.database.db.selectFrom('materials').selectAll().orderBy('material_no').execute();
  return materials.map((m, i) => ({
    materialNo: m.material_no,
    gtin: m.gtin!,
    batch: `T${String(i).padStart(2, '0')}LOT`,
    expiry: '2028-06-30',
  }));
}

/** The API as the stock builders' port, called by `inject` with the caller's headers. */
export function apiPort(app: ZodApp, headers: Record<string, string>, area?: 'RDC' | 'LDC'): StockPort {
  return httpPort(
    async (method, url, payload) => {
      const res = await app.inject({ method, url, headers, payload: payload as object });
      return { status: res.statusCode, text: res.body };
    },
    { area },
  );
}

/** An IBD in W2010 whose lines fit the shipment (plus `extra` packs on the first line), and its notice, through the integration API. */
export function stageInbound(app: ZodApp, headers: Record<string, string>, ibdNo: string, shipment: Shipment, all: Product[], extra = 0) {
  return stageIbd(apiPort(app, headers), ibdNo, shipment, all, { date: '2026-11-21', extra });
}

export function makeCodes(seed: number): CodeMaker {
  return new CodeMaker(seed, '1');
}

/**
 * A bundle (BUN, GTIN + serial) of packs in stock of a warehouse, put straight into the database: no
 * intake builds bundles yet. The packs are `<serial>-1`, `<serial>-2`, … of the product's GTIN.
 */
export async function insertBundle(
  db: Db,
  p: Product,
  warehouseNo: string,
  serial: string,
  packs = 2,
): Promise<{ bundle: string; packs: string[] }> {
  const now = new Date().toISOString();
  const base = {
    sscc: null,
    gtin: p.gtin,
    material_no: p.materialNo,
    batch_no: p.batch,
    expiry: p.expiry,
    status: 'ACTIVE',
    reason: 'WAREHOUSE RECEIVED',
    warehouse_no: warehouseNo,
    created_at: now,
    updated_at: now,
  } as const;
  await db
    .insertInto('handling_units')
    .values({ ...base, id: `bun-${serial}`, type: 'BUN', serial, parent_id: null })
    .execute();
  const serials = Array.from({ length: packs }, (_, i) => `${serial}-${i + 1}`);
  for (const s of serials) {
    await db
      .insertInto('handling_units')
      .values({ ...base, id: `bun-${s}`, type: 'EA', serial: s, parent_id: `bun-${serial}` })
      .execute();
  }
  return { bundle: `]d201${p.gtin}21${serial}`, packs: serials.map((s) => `]d201${p.gtin}21${s}`) };
}
