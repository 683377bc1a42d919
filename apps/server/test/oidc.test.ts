import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { SessionResponse } from '@pharma/domain/contract/auth';
import type { ErrorBody } from '@pharma/domain/contract/common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { startListeningTestApp, startTestApp, type TestApp } from './harness.ts';

/**
 * Single sign-on against a real OpenID provider (oidc-provider) on loopback: the browser is
 * fetch with manual redirects and a cookie jar, the provider's login and consent are its
 * development interactions, driven by form posts.
 */
const CLIENT_ID = 'pharma-scan';
const CLIENT_SECRET = 'a-client-secret-for-the-sso-test-only';

/** The provider's accounts: id -> claims. Lina's email differs from the stored one in case only. */
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  lina: { email: 'LDC@Demo.Local', email_verified: true, name: 'Lina Local' },
  ghost: { email: 'ghost@elsewhere.example', email_verified: true, name: 'Ghost' },
  unverified: { email: DEMO_USERS.ldc, email_verified: false, name: 'Not Verified' },
  vera: { email: DEMO_USERS.viewer, email_verified: true, name: 'Vera Viewer' },
};

/** A browser: follows nothing by itself, keeps cookies per origin. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async post(url: string, form: Record<string, string>): Promise<Response> {
    return this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  cookies(url: string): Map<string, string> {
    return this.jar.get(new URL(url).origin) ?? new Map();
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const cookies = [...this.cookies(url)].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), ...(cookies ? { cookie: cookies } : {}) },
    });
    const jar = this.jar.get(new URL(url).origin) ?? new Map<string, string>();
    this.jar.set(new URL(url).origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some(
        (a) => /^max-age=(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
}

function location(res: Response, base: string): string {
  const to = res.headers.get('location');
  if (!to) throw new Error(`expected a redirect, got ${res.status} ${res.url}`);
  return new URL(to, base).href;
}

describe('single sign-on with an OpenID provider', () => {
  let t: TestApp;
  let providerServer: Server;
  let issuer: string;
  let appBase: string;

  beforeAll(async () => {
    // oidc-provider announces its development defaults on the console; the test means them.
    for (const method of ['warn', 'info'] as const) {
      const original = console[method].bind(console);
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider')) return;
        original(...args);
      });
    }
    providerServer = createServer();
    await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;

    const listening = await startListeningTestApp('sqlite', (base) => ({
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      PUBLIC_URL: base,
    }));
    t = listening;
    appBase = listening.base;

    const { Provider } = await import('oidc-provider');
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [`${appBase}/api/sso/callback`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: true } },
      jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test', alg: 'RS256', use: 'sig' }] },
      cookies: { keys: ['a-cookie-key-for-the-sso-test-only'] },
      findAccount: (_ctx, sub) => {
        const claims = ACCOUNTS[sub];
        return claims && { accountId: sub, claims: () => ({ sub, ...claims }) };
      },
    });
    providerServer.on('request', provider.callback());
  });

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => providerServer?.close(resolve));
    vi.restoreAllMocks();
  });

  /** Signs in at the provider as `accountId` (login, then consent) and returns the redirect back to the app. */
  async function atProvider(browser: Browser, authorizationUrl: string, accountId: string): Promise<string> {
    let url = authorizationUrl;
    for (let step = 0; step < 12; step++) {
      if (!url.startsWith(issuer)) return url;
      const res = await browser.get(url);
      if (res.status >= 300 && res.status < 400) {
        url = location(res, url);
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (res.status !== 200 || !prompt) throw new Error(`unexpected provider page ${res.status} ${url}: ${html.slice(0, 300)}`);
      const form: Record<string, string> = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt };
      url = location(await browser.post(url, form), url);
    }
    throw new Error('the provider never sent the browser back');
  }

  /** The whole flow up to the app's callback answer. */
  async function signInWithOrganisation(accountId: string, query = 'area=ldc') {
    const browser = new Browser();
    const start = await browser.get(`${appBase}/api/sso/start?${query}`);
    expect(start.status).toBe(302);
    const callbackUrl = await atProvider(browser, location(start, appBase), accountId);
    const callback = await browser.get(callbackUrl);
    return { browser, start, callbackUrl, callback };
  }

  it('says that single sign-on is offered', async () => {
    const res = await fetch(`${appBase}/api/sso/config`);
    expect(await res.json()).toEqual({ enabled: true });
  });

  it('starts the code flow at the provider with PKCE (S256), state and nonce', async () => {
    const browser = new Browser();
    const res = await browser.get(`${appBase}/api/sso/start?area=ldc`);
    expect(res.status).toBe(302);
    const to = new URL(location(res, appBase));
    expect(to.origin).toBe(issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(to.searchParams.get('redirect_uri')).toBe(`${appBase}/api/sso/callback`);
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sso_pending='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/sso/);
  });

  it('signs in the user with that email: the same session cookies as a password login, then /ldc', async () => {
    const { browser, callback } = await signInWithOrganisation('lina');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/ldc');
    const cookies = browser.cookies(appBase);
    expect(cookies.get('jwt')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookies.get('refresh_token')).toBeTruthy();
    expect(cookies.has('sso_pending')).toBe(false);

    const me = await browser.get(`${appBase}/api/me`);
    expect(me.status).toBe(200);
    const body = (await me.json()) as SessionResponse;
    expect(body.user.email).toBe(DEMO_USERS.ldc);
    expect(body.authorization.authorizedMicroApp).toContain('LDC');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'login')
      .where('reason', '=', 'sso')
      .where('actor_id', '=', body.user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lands on the page asked for, when it is a path on this site', async () => {
    const { callback } = await signInWithOrganisation('lina', `area=ldc&returnPath=${encodeURIComponent('/ldc/receive?doc=1')}`);
    expect(callback.headers.get('location')).toBe('/ldc/receive?doc=1');
  });

  it('refuses a return path to another site', async () => {
    for (const returnPath of ['//evil.example/x', '/\\evil.example', 'https://evil.example/']) {
      const res = await fetch(`${appBase}/api/sso/start?area=ldc&returnPath=${encodeURIComponent(returnPath)}`, { redirect: 'manual' });
      expect(res.status, returnPath).toBe(400);
    }
  });

  it('an email with no account ends on the login page with SSO_NO_ACCOUNT and no session', async () => {
    const { browser, callback } = await signInWithOrganisation('ghost');
    expect(callback.status).toBe(302);
    const to = new URL(location(callback, appBase));
    expect(to.pathname).toBe('/ldc/login');
    expect(to.searchParams.get('sso_error')).toBe('SSO_NO_ACCOUNT');
    expect(to.searchParams.get('email')).toBe('ghost@elsewhere.example');
    expect(browser.cookies(appBase).has('jwt')).toBe(false);
    expect(browser.cookies(appBase).has('refresh_token')).toBe(false);
  });

  it('an email the provider has not verified is refused', async () => {
    const { browser, callback } = await signInWithOrganisation('unverified');
    expect(new URL(location(callback, appBase)).searchParams.get('sso_error')).toBe('SSO_FAILED');
    expect(browser.cookies(appBase).has('jwt')).toBe(false);
  });

  it('a disabled account ends on the login page with ACCOUNT_DISABLED', async () => {
    await t.database.db.updateTable('users').set({ disabled: 1 }).where('email', '=', DEMO_USERS.viewer).execute();
    const { browser, callback } = await signInWithOrganisation('vera', 'area=rdc');
    expect(location(callback, appBase)).toBe(`${appBase}/rdc/login?sso_error=ACCOUNT_DISABLED`);
    expect(browser.cookies(appBase).has('jwt')).toBe(false);
  });

  it('a tampered state is refused', async () => {
    const browser = new Browser();
    const start = await browser.get(`${appBase}/api/sso/start?area=ldc`);
    const callbackUrl = new URL(await atProvider(browser, location(start, appBase), 'lina'));
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    callbackUrl.searchParams.set('state', 'forged-state');
    const callback = await browser.get(callbackUrl.href);
    expect(callback.status).toBe(302);
    const to = new URL(location(callback, appBase));
    expect(to.pathname).toBe('/ldc/login');
    expect(to.searchParams.get('sso_error')).toBe('SSO_FAILED');
    expect(browser.cookies(appBase).has('jwt')).toBe(false);
    expect(browser.cookies(appBase).has('refresh_token')).toBe(false);
  });

  it('a callback without the pending sign-in cookie is refused', async () => {
    const browser = new Browser();
    const start = await browser.get(`${appBase}/api/sso/start?area=ldc`);
    const callbackUrl = await atProvider(browser, location(start, appBase), 'lina');
    const stranger = new Browser();
    const res = await stranger.get(callbackUrl);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).code).toBe('SSO_FAILED');
    expect(stranger.cookies(appBase).has('jwt')).toBe(false);
  });

  it('without OIDC_* single sign-on is off and its routes do not exist', async () => {
    const plain = await startTestApp('sqlite');
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/sso/config' })).json()).toEqual({ enabled: false });
      expect((await plain.app.inject({ method: 'GET', url: '/api/sso/start?area=ldc' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
