import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { httpPort, type Product, type StockPort } from '../../apps/server/src/seed/stock-builder.ts';
import { APP_URL } from './settings.ts';

export const PASSWORD = 'Scan#2026';

/** Signs in as the admin (INTEGRATION right) and returns a request context carrying the token. */
export async function adminApi(): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: APP_URL });
  const res = await anonymous.post('/api/auth-login', { data: { identifier: 'admin@demo.local', password: PASSWORD } });
  expect(res.status()).toBe(200);
  const { jwt } = (await res.json()) as { jwt: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL: APP_URL, extraHTTPHeaders: { authorization: `Bearer ${jwt}` } });
}

/** The running app's API as the stock builders' port (apps/server/src/seed/stock-builder.ts); scans and completions in `area`. */
export function apiPort(api: APIRequestContext, area?: 'RDC' | 'LDC'): StockPort {
  return httpPort(
    async (method, url, data) => {
      const res = await api.fetch(url, { method, data });
      return { status: res.status(), text: await res.text() };
    },
    { area },
  );
}

/** The demo materials and their GTINs (read from a demo IBD), each with a batch of our own. */
export async function demoProducts(api: APIRequestContext, batchTag: string): Promise<Product[]> {
  const demo = await api.get('/api/ibdNo/1800000101');
  expect(demo.status()).toBe(200);
  const { data } = (await demo.json()) as { data: { materialNo: string; eanGtinNo: string }[] };
  return data.map((l, i) => ({ materialNo: l.materialNo, gtin: l.eanGtinNo, batch: `${batchTag}${i}`, expiry: '2028-06-30' }));
}

/** A pack's DataMatrix element string with a separator of the scanner's choice after the batch. */
export function packCode(p: PackSpec, separator = '\x1d'): string {
  return `01${p.gtin}10${p.batch}${separator}21${p.serial}`;
}
