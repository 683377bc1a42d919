import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES, LITE_FAMILIES } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { requests } from './requests.ts';

/**
 * Decision 0085: the stock take, repack and EPCIS notice intake each run the family of the registry the
 * server is given that has their property (`stockTake`, `aggregates`, `expected: 'lines+asn'`). A server
 * given a registry without such a family offers no such feature: its paths do not exist (404), and
 * nothing falls back to the default registry's family. A default server answers the same requests.
 */
const without = FAMILIES.filter((f) => !f.stockTake && !f.aggregates && f.expected !== 'lines+asn');

describe.each(DATABASES)('a server whose registry has no stock-take, repack or notice family on %s', (kind) => {
  let t: TestApp;
  let plain: TestApp;
  let admin: Record<string, string>;
  let plainAdmin: Record<string, string>;

  const on = requests({ app: () => t.app, as: () => admin, area: 'RDC' });
  const onPlain = requests({ app: () => plain.app, as: () => plainAdmin, area: 'RDC' });
  /** The feature's paths, each with a body the default server's schema refuses (400): the path exists there. */
  const paths: { method: 'GET' | 'POST'; url: string; area?: null }[] = [
    { method: 'POST', url: '/api/stockTakes' },
    { method: 'GET', url: '/api/stockTakes' },
    { method: 'POST', url: '/api/stockTakes/ST00000001/recount' },
    { method: 'POST', url: '/api/repackScan' },
    { method: 'POST', url: '/api/repackScanOperation' },
    { method: 'POST', url: '/api/createPallet' },
    { method: 'POST', url: '/api/generateSSCC' },
    { method: 'POST', url: '/api/remapHU' },
    { method: 'POST', url: '/api/completeRepack' },
    { method: 'POST', url: '/api/integration/epcis', area: null },
  ];
  const send = (r: ReturnType<typeof requests>, p: (typeof paths)[number]) =>
    p.method === 'GET' ? r.get(p.url, undefined, p.area) : r.post(p.url, {}, undefined, p.area);

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { full: without, lite: LITE_FAMILIES });
    plain = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    plainAdmin = (await signIn(plain.app, DEMO_USERS.admin)).headers;
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  it('answers 404 on the paths of the stock take, the repack and the notice intake, which a default server has', async () => {
    for (const p of paths) {
      const absent = await send(on, p);
      expect(absent.statusCode, `${p.method} ${p.url}`).toBe(404);
      expect(absent.json(), `${p.method} ${p.url}`).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
      expect((await send(onPlain, p)).statusCode, `${p.method} ${p.url} on a default server`).not.toBe(404);
    }
  });

  it('scans no stock take and grants no module of the missing families', async () => {
    const count = FAMILIES.find((f) => f.stockTake)!;
    const scan = await on.scan(count.type, 'ST00000001', '00123456789012345675', 'PLT');
    expect(scan.statusCode).toBe(422);
    expect(scan.json()).toMatchObject({ code: 'DOC_TYPE_NOT_SUPPORTED' });
    for (const module of [count.module, FAMILIES.find((f) => f.aggregates)!.module]) {
      const role = await on.post(
        '/api/admin/roles',
        {
          name: `No ${module}`,
          areas: ['RDC'],
          applications: [{ application: 'RDC', modules: [{ module, isCompletelyPermitted: true, features: [] }] }],
          rights: [],
        },
        undefined,
        null,
      );
      expect(role.statusCode, module).toBe(422);
      expect(role.json()).toMatchObject({ code: 'GRANT_NOT_AVAILABLE' });
    }
  });

  it('reports on without them: the dashboard answers, and EPCIS events of a repack are refused as an unknown type', async () => {
    expect((await on.get('/api/reports/dashboard')).statusCode).toBe(200);
    const repack = FAMILIES.find((f) => f.aggregates)!;
    expect((await on.get(`/api/integration/epcis/events?docType=${repack.type}`, undefined, null)).statusCode).toBe(400);
    expect((await onPlain.get(`/api/integration/epcis/events?docType=${repack.type}`, undefined, null)).statusCode).toBe(200);
  });
});
