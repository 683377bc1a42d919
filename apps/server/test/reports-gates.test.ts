import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_NAMES } from '@pharma/domain/contract/reports';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, localUserWith, signIn, startTestApp, type TestApp } from './harness.ts';

type Headers = Record<string, string>;

/** Every report's route, and the dashboard made of them (decision 0077). */
const ROUTES = [...REPORT_NAMES, 'dashboard'].map((name) => `/api/reports/${name}`);

/**
 * What every report answers alike (decision 0077), walked over every report's route at once, so that a
 * new report cannot miss it: module REPORTS of the area asked for is needed (JSON and CSV alike) and is
 * enough; a warehouse of another area is refused as unknown, as an unknown one is; a period that ends
 * before it starts is refused. Each report's own test checks its figures.
 */
describe.each(DATABASES)('what every report answers alike, on %s', (kind) => {
  let t: TestApp;
  let admin: Headers;
  let rdc: Headers;
  let ldc: Headers;
  let outsider: Headers;
  let reader: Headers;
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    rdc = (await signIn(t.app, DEMO_USERS.rdc)).headers;
    ldc = (await signIn(t.app, DEMO_USERS.ldc)).headers;
    outsider = await localUserWith(t.app, admin, 'No reports', [
      { module: 'GLOBAL', isCompletelyPermitted: false, features: [{ feature: 'Search', actions: [] }] },
      { module: 'DISPATCH', isCompletelyPermitted: true, features: [] },
    ]);
    reader = await localUserWith(t.app, admin, 'Reports only', [
      { module: 'REPORTS', isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions: [] }] },
    ]);
  });
  afterAll(() => t?.close());

  it('needs module REPORTS of the area asked for, for JSON and CSV alike; REPORTS alone is enough', async () => {
    for (const route of ROUTES) {
      for (const query of ['area=LDC', 'area=LDC&format=csv']) {
        const refused = await get(`${route}?${query}`, outsider);
        expect(refused.statusCode, `${route}?${query}`).toBe(403);
        expect(refused.json().code).toBe('MODULE_NOT_AUTHORIZED');
      }
      expect((await get(`${route}?area=LDC`, reader)).statusCode, route).toBe(200);
      // The local operator holds REPORTS of LDC only.
      expect((await get(`${route}?area=RDC`, ldc)).statusCode, route).toBe(403);
    }
  });

  it("refuses another area's warehouse as unknown, as an unknown one, so that no area learns what another holds", async () => {
    for (const route of ROUTES) {
      for (const [headers, query] of [
        [rdc, 'area=RDC&warehouseNo=W3010'],
        [ldc, 'area=LDC&warehouseNo=W2010'],
        [admin, 'area=RDC&warehouseNo=W9999'],
      ] as const) {
        const res = await get(`${route}?${query}`, headers);
        expect(res.statusCode, `${route}?${query}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'UNKNOWN_WAREHOUSE', message: expect.stringContaining('does not exist') });
      }
    }
  });

  it('refuses a period that ends before it starts, naming both days', async () => {
    for (const route of ROUTES) {
      const res = await get(`${route}?area=RDC&from=2030-02-01&to=2030-01-01`, rdc);
      expect(res.statusCode, route).toBe(400);
      expect(res.json()).toMatchObject({ code: 'REPORT_PERIOD_REVERSED', message: expect.stringContaining('2030-01-01') });
    }
  });

  it("a warehouse of the area answers as the area does when it is the area's one, and says so in its filters", async () => {
    for (const route of ROUTES) {
      const whole = (await get(`${route}?area=RDC`, rdc)).json();
      const one = (await get(`${route}?area=RDC&warehouseNo=W2010`, rdc)).json();
      expect(one.filters.warehouseNos, route).toEqual(['W2010']);
      expect(whole.filters.warehouseNos, route).toEqual(['W2010']);
    }
  });
});
