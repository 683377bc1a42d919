import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

describe.each(DATABASES)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const me = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });

  async function sessionClaims() {
    const s = await signIn(t.app, DEMO_USERS.rdc);
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(s.jwt.split('.')[1]!)));
    return { s, payload };
  }

  it('refuses a tampered token', async () => {
    const { s } = await sessionClaims();
    const [h, p, sig] = s.jwt.split('.');
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p!)));
    payload.sub = 'someone-else';
    const forged = `${h}.${base64url.encode(JSON.stringify(payload))}.${sig}`;
    expect((await me(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const { payload } = await sessionClaims();
    const expired = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuer(payload.iss)
      .setAudience(payload.aud)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(SECRET);
    expect((await me(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('refuses a token without an expiry, signed with the right secret for a live session (issue 26)', async () => {
    const { payload } = await sessionClaims();
    const sign = (exp?: number) => {
      const jwt = new SignJWT({ sid: payload.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(payload.sub)
        .setIssuer(payload.iss)
        .setAudience(payload.aud)
        .setIssuedAt();
      return (exp === undefined ? jwt : jwt.setExpirationTime(exp)).sign(SECRET);
    };
    const endless = await sign();
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(endless.split('.')[1]!)))).not.toHaveProperty('exp');
    const res = await me(`Bearer ${endless}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_SIGNED_IN');
    // The same claims with an expiry are a valid token: only the missing exp was refused.
    expect((await me(`Bearer ${await sign(payload.exp)}`)).statusCode).toBe(200);
  });

  it('refuses a token signed with another algorithm, and alg none', async () => {
    const { payload } = await sessionClaims();
    const hs512 = await new SignJWT(payload).setProtectedHeader({ alg: 'HS512' }).sign(SECRET);
    expect((await me(`Bearer ${hs512}`)).statusCode).toBe(401);
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(payload))}.`;
    expect((await me(`Bearer ${none}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const { payload } = await sessionClaims();
    const other = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await me(`Bearer ${other}`)).statusCode).toBe(401);
  });

  it('rotates the refresh token on every use (query form and cookie form)', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    const first = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${s.cookies.refresh_token}` });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh_token).not.toBe(s.cookies.refresh_token);
    expect((await me(`Bearer ${pair.access_token}`)).statusCode).toBe(200);
    const second = await t.app.inject({ method: 'GET', url: '/api/refreshToken', cookies: { refresh_token: pair.refresh_token } });
    expect(second.statusCode).toBe(200);
    expect(second.cookies.find((c) => c.name === 'refresh_token')?.value).toBe(second.json().refresh_token);
  });

  it('reusing a rotated refresh token revokes its whole family', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    const old = s.cookies.refresh_token!;
    const rotated = (await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${old}` })).json();
    // The thief replays the old token after the grace window.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${old}` });
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer token and its access token die with the family.
    const legit = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${rotated.refresh_token}` });
    expect(legit.statusCode).toBe(401);
    expect((await me(`Bearer ${rotated.access_token}`)).statusCode).toBe(401);
    const audit = await t.database.db.selectFrom('audit_log').selectAll().where('reason', '=', 'refresh token reused').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('a refresh token replayed within the rotation grace answers the same pair, so reuse detection still sees one chain', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    const old = s.cookies.refresh_token!;
    const refresh = (token: string) => t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${token}` });
    const first = await refresh(old);
    const replay = await refresh(old);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // The legitimate holder rotates on; the replayer's copy, used after the grace, is a reuse.
    const next = (await refresh(first.json().refresh_token)).json();
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date(Date.now() - 60_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    expect((await refresh(replay.json().refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
    expect((await me(`Bearer ${next.access_token}`)).statusCode).toBe(401);
  });

  it('logout with only the bearer token ends the session: its access and refresh tokens stop working', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    expect((await me(`Bearer ${s.jwt}`)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth-logout', headers: s.headers });
    expect(out.statusCode).toBe(204);
    expect((await me(`Bearer ${s.jwt}`)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${s.cookies.refresh_token}` });
    expect(refresh.statusCode).toBe(401);
  });

  it('logout with only the session cookies ends the session too', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth-logout', cookies: s.cookies });
    expect(out.statusCode).toBe(204);
    expect((await me(`Bearer ${s.jwt}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/refreshToken', cookies: s.cookies })).statusCode).toBe(401);
  });

  it('an unknown refresh token is refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/refreshToken?refresh_token=nonsense' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_SIGNED_IN');
  });

  it('a disabled account: its own session learns why it ended; at sign-in only the right password learns it (issue 27)', async () => {
    const admin = await signIn(t.app, DEMO_USERS.admin);
    const email = 'disabled.soon@example.com';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload: { email, firstName: 'Dee', lastName: 'Sabled', password: 'Pharma#2026' },
    });
    expect(created.statusCode).toBe(201);
    const session = await signIn(t.app, email, 'Pharma#2026');
    const disable = { method: 'PATCH', url: `/api/admin/users/${created.json().id}`, headers: admin.headers } as const;
    expect((await t.app.inject({ ...disable, payload: { disabled: true } })).statusCode).toBe(200);

    expect((await me(`Bearer ${session.jwt}`)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'GET', url: '/api/refreshToken', cookies: session.cookies });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toEqual({
      code: 'SESSION_ENDED_DISABLED',
      message: 'You were signed out because an administrator disabled this account. Ask an administrator to enable it again.',
    });

    // A guesser learns nothing about the account's state (decision 0058): a wrong password is only wrong.
    const guess = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: { identifier: email, password: 'Guess#2026' } });
    expect(guess.statusCode).toBe(401);
    expect(guess.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    const right = await t.app.inject({ method: 'POST', url: '/api/auth-login', payload: { identifier: email, password: 'Pharma#2026' } });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      code: 'ACCOUNT_DISABLED',
      message: 'This account is disabled. Ask an administrator to enable it again.',
    });

    // Enabled again, the same refresh token stays revoked: a plain 'not signed in'.
    expect((await t.app.inject({ ...disable, payload: { disabled: false } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/api/refreshToken', cookies: session.cookies });
    expect(again.json().code).toBe('NOT_SIGNED_IN');
  });

  it('rate limits failed logins per account: 429 with retry-after', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/api/auth-login', payload: { identifier: DEMO_USERS.viewer, password: 'Nope#2026' } });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect(limited.json().message).toMatch(/Too many attempts\. Please wait \d+ seconds/);
  });
});
