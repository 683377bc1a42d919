import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@pharma/domain';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DEMO_IBDS } from '../src/seed/demo-documents.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 26: a self-registered account has no role, so no data, until an administrator grants one.
 * It may sign in and read its own session (to be told it has no access), nothing else.
 */
const OWN_SESSION: Record<string, string> = {
  'GET /api/me': 'the signed-in user and what they may do: the web shows the no-access page from it',
  'GET /auth/authorizeMicroApp': 'the same, as the spec names the call',
  'GET /api/getToken': 'a fresh access token for the session itself',
  'GET /api/signin-with-jwt/:nric': "hands the caller's own session to this browser",
  'GET /api/me/language': "the caller's own language (issue 33): the no-access page is read in it",
  'PUT /api/me/language': "sets the caller's own language, and no one else's",
};

describe.each(DATABASES)('a self-registered account on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let applicant: Record<string, string>;
  const registration = {
    firstName: 'Wei',
    lastName: 'Lim',
    email: 'wei.lim@example.com',
    mobileCountry: 'sg',
    mobile: '91234568',
    dateOfBirth: '1988-03-09',
    password: 'Pharma#2026',
    confirmPassword: 'Pharma#2026',
  };
  const get = (url: string, headers = applicant) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration });
    expect(res.statusCode, res.body).toBe(201);
    applicant = (await signIn(t.app, registration.email, registration.password)).headers;
  });
  afterAll(() => t?.close());

  it('reads no warehouse, sales organisation, transfer plant or partner list', async () => {
    for (const url of [
      '/api/getWarehouses',
      '/api/getSalesOrg',
      '/api/getTransferPlants?warehouseNo=W2010',
      '/api/getPartnerIDsByWarehouseNo?warehouseNo=W2010',
      '/api/getPartnerIDsByWarehouseNo?warehouseNo=W3010',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ code: 'MODULE_NOT_AUTHORIZED', message: message('MODULE_NOT_AUTHORIZED') });
    }
  });

  it('is refused every route but the public ones and its own session, in both areas', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      const name = `${route.method} ${route.url}`;
      if ('public' in route.requirement || name in OWN_SESSION) continue;
      for (const area of ['RDC', 'LDC']) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: `${route.url.replace(/:(\w+)/g, 'x')}?area=${area}&warehouseNo=W2010`,
          headers: { ...applicant, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        if (res.statusCode !== 403) failures.push(`${name} ?area=${area}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Its own session answers, and says it has no area.
    for (const name of Object.keys(OWN_SESSION)) expect(t.app.routeTable.map((r) => `${r.method} ${r.url}`)).toContain(name);
    expect((await get('/api/me')).json().authorization).toEqual({ authorizedMicroApp: [], applications: [], rights: [] });
  });

  it('reads the local area once an administrator grants the local viewer role, and nothing more', async () => {
    const users = (await get('/api/admin/users', admin)).json().data as { id: string; email: string }[];
    const roles = (await get('/api/admin/roles', admin)).json().data as { id: string; name: string }[];
    const id = users.find((u) => u.email === registration.email)!.id;
    const grant = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: admin,
      payload: { roleIds: [roles.find((r) => r.name === 'LDC viewer')!.id] },
    });
    expect(grant.statusCode, grant.body).toBe(200);

    expect((await get('/api/getWarehouses')).statusCode).toBe(200);
    const partners = await get('/api/getPartnerIDsByWarehouseNo?warehouseNo=W3010');
    expect(partners.statusCode).toBe(200);
    expect(partners.json().data.length).toBeGreaterThan(0);
    expect((await get('/api/ibdList?area=LDC')).statusCode).toBe(200);
    expect((await get(`/api/ibdNo/${DEMO_IBDS.local}?area=LDC`)).statusCode).toBe(200);
    // A viewer still: no regional area, no action.
    expect((await get('/api/ibdList?area=RDC')).statusCode).toBe(403);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/createPallet?area=LDC',
      headers: applicant,
      payload: { warehouseNo: 'W3010', type: 'PLT' },
    });
    expect(create.statusCode).toBe(403);
  });
});
