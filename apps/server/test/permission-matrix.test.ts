import { authorize, type Authorization } from '@pharma/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * For every declared route and every demo user (and an anonymous caller), the status the
 * permission gate must give, computed from the route's own declaration: a new route is covered
 * the moment it is registered. Bodies are deliberately invalid, so a request that passes the
 * gate stops at validation (400) and changes nothing.
 */
/** The codes only the permission gate gives; a handler's own refusals use other codes. */
const GATE_CODES = ['NOT_SIGNED_IN', 'MODULE_NOT_AUTHORIZED', 'FEATURE_NOT_AUTHORIZED'];

describe.each(DATABASES)('permission matrix on %s', (kind) => {
  let t: TestApp;
  const callers: { name: string; headers: Record<string, string>; authorization?: Authorization }[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const [name, email] of Object.entries(DEMO_USERS)) {
      const s = await signIn(t.app, email);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: s.headers });
      callers.push({ name, headers: s.headers, authorization: me.json().authorization });
    }
    callers.push({ name: 'anonymous', headers: {} });
  });
  afterAll(() => t?.close());

  it('every route answers every caller as its declaration says', async () => {
    const routes = t.app.routeTable.filter((r) => !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      for (const caller of callers) {
        const expected = authorize(route.requirement, caller.authorization);
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{"__invalid":',
        });
        const label = `${route.method} ${route.url} as ${caller.name}`;
        if (!expected.ok) {
          if (res.statusCode !== expected.status || res.json().code !== expected.code) {
            failures.push(`${label}: expected ${expected.status} ${expected.code}, got ${res.statusCode} ${res.body}`);
          }
        } else if (GATE_CODES.includes(res.json().code) && !('public' in route.requirement && res.json().code === 'NOT_SIGNED_IN')) {
          failures.push(`${label}: expected to pass the gate, got ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('the gate answers with the spec’s module message', async () => {
    const viewer = callers.find((c) => c.name === 'nobody')!;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: viewer.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You are not authorized to access this (module|feature)\. Please contact the admin/);
  });
});
