import type { ZodApp } from '../src/lib/zod-app.ts';
import { CodeMaker, epcisDocument, type PackSpec, type Shipment } from '../src/seed/epcis-builder.ts';

export interface Product {
  materialNo: string;
  gtin: string;
  batch: string;
  expiry: string;
}

/** The demo materials with one batch each, read through the database the app uses. */
export async function products(t: { database: { db: import('../src/db/database.ts').Db } }): Promise<Product[]> {
  const materials = await t.database.db.selectFrom('materials').selectAll().orderBy('material_no').execute();
  return materials.map((m, i) => ({
    materialNo: m.material_no,
    gtin: m.gtin!,
    batch: `T${String(i).padStart(2, '0')}LOT`,
    expiry: '2028-06-30',
  }));
}

/** Creates an IBD whose lines match the shipment (plus `extra` packs on the first line) through the integration API. */
export async function stageInbound(
  app: ZodApp,
  headers: Record<string, string>,
  ibdNo: string,
  shipment: Shipment,
  all: Product[],
  extra = 0,
) {
  const packs: PackSpec[] = [
    ...(shipment.pallets ?? []).flatMap((p) => p.cartons.flatMap((c) => c.packs)),
    ...(shipment.cartons ?? []).flatMap((c) => c.packs),
    ...(shipment.packs ?? []),
  ];
  const counts = new Map<string, { materialNo: string; batchNo: string; quantity: number }>();
  for (const p of packs) {
    const materialNo = all.find((m) => m.gtin === p.gtin)!.materialNo;
    const key = `${materialNo}|${p.batch}`;
    counts.set(key, { materialNo, batchNo: p.batch, quantity: (counts.get(key)?.quantity ?? 0) + 1 });
  }
  const lines = [...counts.values()].map((c, i) => ({ lineNo: i + 1, ...c, quantity: c.quantity + (i === 0 ? extra : 0) }));
  const doc = await app.inject({
    method: 'PUT',
    url: `/api/integration/documents/IBD/${ibdNo}`,
    headers,
    payload: { warehouseNo: 'W2010', date: '2026-11-21', lines },
  });
  if (doc.statusCode !== 200) throw new Error(`document: ${doc.body}`);
  const epcis = await app.inject({
    method: 'POST',
    url: '/api/integration/epcis',
    headers,
    payload: epcisDocument({ ...shipment, ibdNo }),
  });
  if (epcis.statusCode !== 200) throw new Error(`epcis: ${epcis.body}`);
  return epcis.json();
}

export function makeCodes(seed: number): CodeMaker {
  return new CodeMaker(seed, '1');
}
