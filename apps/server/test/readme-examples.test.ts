import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidCheckDigit } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { signIn, startTestApp, type TestApp } from './harness.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The README's integration examples work as written: what an integrator copies is accepted. */
describe("the README's integration examples", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('every GTIN the README names has a correct check digit', () => {
    const gtins = [...README.matchAll(/"gtin":"(\d+)"|GTIN `(\d{14})`/g)].map((m) => m[1] ?? m[2]!);
    expect(gtins.length).toBeGreaterThan(0);
    expect(gtins.filter((g) => !hasValidCheckDigit(g))).toEqual([]);
  });

  it('the material example is accepted, then the document example that names it, then the warehouse set up for its NMVS', async () => {
    const { headers } = await signIn(t.app, DEMO_USERS.admin);
    const calls = [...README.matchAll(/curl -s -X PUT localhost:3000(\S+) [^]*?-d '(\{[^']*\})'/g)];
    expect(calls.map((c) => c[1])).toEqual([
      '/api/integration/materials/20000001',
      '/api/integration/documents/IBD/1800000999',
      // Pack verification: a warehouse pointed at a real NMVS.
      '/api/integration/warehouses/W2010',
    ]);
    for (const [, url, body] of calls) {
      const res = await t.app.inject({ method: 'PUT', url: url!, headers, payload: JSON.parse(body!) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const setting = await t.database.db
      .selectFrom('verification_settings')
      .selectAll()
      .where('warehouse_no', '=', 'W2010')
      .executeTakeFirst();
    expect(setting).toMatchObject({ system: 'NMVS', url: 'https://nmvs.example.eu', client_id: 'WH2010', user_name: 'RDC-USER' });
  });
});
