import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY } from '@pharma/domain';
import { startTestApp, type TestApp } from './harness.ts';

describe('route declarations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('lists every /api and /auth route with its declared requirement', () => {
    const urls = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['POST /api/auth-login', 'GET /api/health', 'GET /api/me', 'GET /auth/authorizeMicroApp']));
    for (const route of t.app.routeTable) expect(route.requirement, `${route.method} ${route.url}`).toBeTypeOf('object');
  });

  it('refuses to register a route without a declaration', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAuth } = await import('../src/plugins/auth.ts');
    const app = Fastify();
    registerAuth(app, {} as never, DEFAULT_REGISTRY);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no requirement/);
    await app.close();
  });
});
