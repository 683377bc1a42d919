import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

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

/** Issue 26: answers with tokens or personal data are kept by no cache; a missing script is not the app's HTML. */
describe.each(DATABASES)('caching and missing files on %s', (kind) => {
  let t: TestApp;
  let web: string;
  const SHELL = '<!doctype html><title>Pharma Scan</title><script type="module" src="/assets/index-abc123.js"></script>';
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'pharma-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), SHELL);
    writeFileSync(join(web, 'assets', 'index-abc123.js'), 'export {};');
    t = await startTestApp(kind, { WEB_DIST: web });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('the sign-in answer, a token refresh and personal data are Cache-Control: no-store', async () => {
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: login });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const refreshToken = signedIn.cookies.find((c) => c.name === 'refresh_token')!.value;
    const refreshed = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${encodeURIComponent(refreshToken)}` });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const admin = await signIn(t.app, DEMO_USERS.admin);
    for (const url of ['/api/me', '/api/admin/users', '/auth/authorizeMicroApp']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Refusals and unknown API paths too: nothing under /api is cached.
    for (const url of ['/api/me', '/api/nothing-here']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
  });

  it("the web app's files keep their caching: the shell is checked on every load, a script is not no-store", async () => {
    const shell = await t.app.inject({ method: 'GET', url: '/rdc/ibdList' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe(SHELL);
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).not.toContain('no-store');
  });

  it("a missing /assets file answers 404, not the app's HTML", async () => {
    for (const url of ['/assets/index-old999.js', '/assets/index-old999.css', '/assets/zxing.wasm', '/assets/nested/x.js', '/sw-old.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
      expect(res.headers['content-type'], url).not.toContain('text/html');
    }
    // A page of the app still gets the shell, whatever its path.
    expect((await t.app.inject({ method: 'GET', url: '/rdc/ibdNo/1900000001' })).body).toBe(SHELL);
  });
});
