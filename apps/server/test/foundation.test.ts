import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

describe.each(DATABASES)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('GET /api/health checks the database and answers its kind and the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind, version: '3.0.0' });
  });

  it('logs in with the right password: jwt, user and session cookies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      payload: { identifier: DEMO_USERS.rdc, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toEqual({
      id: expect.any(String),
      user_type: 'operator',
      nric: expect.stringMatching(/^S\d{7}D$/),
      firstName: 'Raj',
      lastName: 'Regional',
      email: DEMO_USERS.rdc,
    });
    const jwt = res.cookies.find((c) => c.name === 'jwt');
    expect(jwt).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 7 * 24 * 3600, path: '/' });
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  });

  it('the email is matched without regard to case or surrounding spaces', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      payload: { identifier: '  RDC@Demo.Local ', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('a wrong password and an unknown user get the same 401 answer', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      payload: { identifier: DEMO_USERS.ldc, password: 'Wrong#2026' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      payload: { identifier: 'ghost@demo.local', password: 'Wrong#2026' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toHaveLength(0);
  });

  it.each([
    ['no body', undefined],
    ['missing password', { identifier: DEMO_USERS.rdc }],
    ['wrong types', { identifier: 42, password: true }],
    ['empty strings', { identifier: '', password: '' }],
  ])('a malformed login body (%s) gets 400 with a code and no stack', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: payload as object });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(typeof body.message).toBe('string');
    expect(res.body).not.toMatch(/at .+\.ts:\d+|stack|SELECT|INSERT/i);
  });

  it('malformed JSON gets 400 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth-login',
      headers: { 'content-type': 'application/json' },
      payload: '{"identifier":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('accepts the bearer token or the cookie, and refuses neither with 401', async () => {
    const session = await signIn(t.app, DEMO_USERS.ldc);
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.json().authorization.authorizedMicroApp).toEqual(['LDC']);
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/me', cookies: { jwt: session.cookies.jwt! } });
    expect(byCookie.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NOT_SIGNED_IN');
  });

  it('logout revokes the session: its token stops working at once', async () => {
    const session = await signIn(t.app, DEMO_USERS.viewer);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth-logout', cookies: session.cookies });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: session.headers });
    expect(after.statusCode).toBe(401);
  });

  it('nobody has no area', async () => {
    const session = await signIn(t.app, DEMO_USERS.nobody);
    const res = await t.app.inject({ method: 'GET', url: '/auth/authorizeMicroApp', headers: session.headers });
    expect(res.json()).toEqual({ authorizedMicroApp: [], applications: [], rights: [] });
  });

  it('the audit log is append-only in the database itself', async () => {
    const before = await t.database.db
      .selectFrom('audit_log')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(sql`update audit_log set action = 'tampered'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.version).toBe('3.0.0');
    expect(doc.paths['/api/auth-login'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['identifier', 'password']),
    );
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('an unknown API path answers 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found.' });
  });
});
