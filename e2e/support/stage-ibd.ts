import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { epcisDocument, type CartonSpec, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { APP_URL } from './settings.ts';

export const PASSWORD = 'Scan#2026';

export interface Product {
  materialNo: string;
  gtin: string;
  batch: string;
  expiry: string;
}

/** Signs in as the admin (INTEGRATION right) and returns a request context carrying the token. */
export async function adminApi(): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: APP_URL });
  const res = await anonymous.post('/api/auth-login', { data: { identifier: 'admin@demo.local', password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { jwt } = (await res.json()) as { jwt: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { authorization: `Bearer ${jwt}` } });
}

/** The demo materials and their GTINs (read from a demo IBD), each with a batch of our own. */
export async function demoProducts(api: APIRequestContext, batchTag: string): Promise<Product[]> {
  const demo = await api.get('/api/ibdNo/1800000101');
  expect(demo.status()).toBe(200);
  const { data } = (await demo.json()) as { data: { materialNo: string; eanGtinNo: string }[] };
  return data.map((l, i) => ({ materialNo: l.materialNo, gtin: l.eanGtinNo, batch: `${batchTag}${i}`, expiry: '2028-06-30' }));
}

/**
 * An IBD whose lines match its loose packs (and the packs of its cartons) exactly, and its advance
 * shipping notice, through the integration API. The warehouse picks the area: W2010 regional, W3010 local.
 */
export async function stageIbd(
  api: APIRequestContext,
  ibdNo: string,
  packs: PackSpec[],
  products: Product[],
  { cartons = [], warehouseNo = 'W2010' }: { cartons?: CartonSpec[]; warehouseNo?: string } = {},
): Promise<void> {
  const counts = new Map<string, { materialNo: string; batchNo: string; quantity: number }>();
  for (const p of [...cartons.flatMap((c) => c.packs), ...packs]) {
    const materialNo = products.find((m) => m.gtin === p.gtin)!.materialNo;
    const key = `${materialNo}|${p.batch}`;
    counts.set(key, { materialNo, batchNo: p.batch, quantity: (counts.get(key)?.quantity ?? 0) + 1 });
  }
  const lines = [...counts.values()].map((c, i) => ({ lineNo: (i + 1) * 10, ...c }));
  const doc = await api.put(`/api/integration/documents/IBD/${ibdNo}`, { data: { warehouseNo, date: '2026-11-22', lines } });
  expect(doc.status(), await doc.text()).toBe(200);
  const asn = await api.post('/api/integration/epcis', { data: epcisDocument({ cartons, packs, ibdNo }) });
  expect(asn.status(), await asn.text()).toBe(200);
}

/** A pack's DataMatrix element string with a separator of the scanner's choice after the batch. */
export function packCode(p: PackSpec, separator = '\x1d'): string {
  return `01${p.gtin}10${p.batch}${separator}21${p.serial}`;
}
