import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { startTestApp, type TestApp } from './harness.ts';

const login = { identifier: DEMO_USERS.ldc, password: DEMO_PASSWORD };

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('every answer carries a CSP without inline script, nosniff, no framing and a referrer policy', async () => {
    for (const url of ['/api/health', '/', '/rdc/ibdList', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain HTTP from no trusted proxy: no HSTS.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('an untrusted X-Forwarded-Proto changes nothing: no HSTS, cookies not Secure', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth-login', headers: { 'x-forwarded-proto': 'https' }, payload: login });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.cookies.every((c) => !c.secure)).toBe(true);
  });
});

describe('behind a trusted TLS proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { TRUST_PROXY: 'true' });
  });
  afterAll(() => t?.close());

  it('HSTS is sent and the session cookies are Secure', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth-login', headers: { 'x-forwarded-proto': 'https' }, payload: login });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.cookies.map((c) => [c.name, c.secure, c.httpOnly])).toEqual([
      ['jwt', true, true],
      ['refresh_token', true, true],
    ]);
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: login });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.cookies.every((c) => !c.secure)).toBe(true);
  });
});
