import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { forgetOldLimits } from '../src/lib/rate-limit.ts';
import { DATABASES, startTestApp, type TestApp } from './harness.ts';
import { login } from './requests.ts';

/**
 * Brute force stays out without one person locking out the site (issue 14, decision 0023), and a
 * guesser is slowed without locking out the colleagues behind the same address (issue 26, decision 0058). The
 * counts live in the database (decision 0045), so both databases are tried; counting across two
 * app instances is in instances.test.ts.
 */
describe.each(DATABASES)('login and registration limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('50 failures behind one address (a warehouse behind one NAT) do not block a colleague with the right password', async () => {
    for (let i = 0; i < 60; i++) await login(t.app, `typo${i}@demo.local`, 'wrong password', '10.0.0.1');
    const colleague = await login(t.app, DEMO_USERS.ldc, DEMO_PASSWORD, '10.0.0.1');
    expect(colleague.statusCode).toBe(200);
    // An account with one failure from there is answered by its password, as the colleague's would be (decision 0058).
    expect((await login(t.app, 'typo1@demo.local', 'wrong password', '10.0.0.1')).statusCode).toBe(401);
  });

  it("one typo, then someone else's 60 failures from the same address: the colleague signs in at once, the guesser waits (issue 26)", async () => {
    const nat = '10.0.5.1';
    expect((await login(t.app, DEMO_USERS.viewer, 'Typo#2026', nat)).statusCode).toBe(401);
    const guesses: number[] = [];
    for (let i = 0; i < 60; i++) guesses.push((await login(t.app, `victim${i % 6}@demo.local`, `Guess#${i}`, nat)).statusCode);
    // Each account guessed at takes 5 wrong passwords; then it waits for the address, whose wait has risen to the cap.
    expect(guesses.filter((s) => s === 401)).toHaveLength(30);
    expect(guesses.slice(-10)).toEqual(Array(10).fill(429));
    const colleague = await login(t.app, DEMO_USERS.viewer, DEMO_PASSWORD, nat);
    expect(colleague.statusCode).toBe(200);
    const guesser = await login(t.app, 'victim0@demo.local', 'Guess#61', nat);
    expect(guesser.statusCode).toBe(429);
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(guesser.json().code).toBe('TOO_MANY_REQUESTS');
  });

  it("the guesser's wait rises with each failure from its address, whatever account it tries: 1 s, 2 s, 4 s, 8 s", async () => {
    const guesser = '10.0.6.1';
    // An account with failures of its own (made elsewhere), which the guesser's address now tries.
    for (let i = 0; i < 5; i++) await login(t.app, 'target@demo.local', 'Nope#2026', `10.0.7.${i}`);
    for (let i = 0; i < 10; i++) expect((await login(t.app, `spray${i}@demo.local`, 'Spring#2026', guesser)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 10; i < 14; i++) {
      const held = await login(t.app, 'target@demo.local', 'Nope#2026', guesser);
      expect(held.statusCode).toBe(429);
      waits.push(Number(held.headers['retry-after']));
      await login(t.app, `spray${i}@demo.local`, 'Spring#2026', guesser);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The same account from another address is not held by the guesser's failures.
    expect((await login(t.app, 'target@demo.local', 'Nope#2026', '10.0.7.9')).statusCode).toBe(401);
  });

  it('anyone failing on a known account holds back only themselves: its owner signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t.app, DEMO_USERS.rdc, 'Nope#2026', '10.0.0.66')).statusCode).toBe(401);
    const attacker = await login(t.app, DEMO_USERS.rdc, DEMO_PASSWORD, '10.0.0.66');
    expect(attacker.statusCode).toBe(429);
    expect((await login(t.app, DEMO_USERS.rdc, DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it('the first hold after repeated failures is short (it doubles from there), not a 15-minute lock', async () => {
    for (let i = 0; i < 5; i++) await login(t.app, DEMO_USERS.viewer, 'Nope#2026', '10.0.1.1');
    const held = await login(t.app, DEMO_USERS.viewer, 'Nope#2026', '10.0.1.1');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('a known account guessed at from many addresses backs off for at most a minute, never locked', async () => {
    for (let i = 0; i < 30; i++) await login(t.app, DEMO_USERS.admin, 'Nope#2026', `10.2.0.${i}`);
    const owner = await login(t.app, DEMO_USERS.admin, DEMO_PASSWORD, '10.3.0.1');
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  const registration = (email: string) => ({
    firstName: 'Mei',
    lastName: 'Tan',
    email,
    mobileCountry: 'sg',
    mobile: '91234567',
    dateOfBirth: '1990-05-17',
    password: 'Pharma#2026',
    confirmPassword: 'Pharma#2026',
  });
  const register = (email: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: registration(email), remoteAddress });

  it('registration does not tell whether an email has an account', async () => {
    const taken = await register(DEMO_USERS.ldc, '10.9.0.1');
    const fresh = await register('new.person@example.com', '10.9.0.2');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(taken.json().email).toBe(DEMO_USERS.ldc);
    // The existing account is unchanged: its password still works, the registration's does not.
    expect((await login(t.app, DEMO_USERS.ldc, DEMO_PASSWORD, '10.9.0.3')).statusCode).toBe(200);
    expect((await login(t.app, DEMO_USERS.ldc, 'Pharma#2026', '10.9.0.3')).statusCode).toBe(401);
  });

  it('anonymous registration is rate limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await register(`bulk${i}@example.com`, '10.8.0.1')).statusCode);
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.at(-1)).toBe(429);
    expect((await register('other.place@example.com', '10.8.0.2')).statusCode).toBe(201);
  });

  it('behind a trusted proxy (TRUST_PROXY=true, one hop) the client is the entry the proxy added, not a spoofed one left of it', async () => {
    const proxied = await startTestApp(kind, { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' });
    try {
      const via = (forwardedFor: string, password = 'Nope#2026') =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth-login',
          payload: { identifier: DEMO_USERS.rdc, password },
          remoteAddress: '10.200.0.1',
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // Five failures with a different spoofed address each time: all counted for 10.0.0.5, who is then held.
      for (let i = 0; i < 5; i++) expect((await via(`6.6.6.${i}, 10.0.0.5`)).statusCode).toBe(401);
      expect((await via('6.6.6.9, 10.0.0.5', DEMO_PASSWORD)).statusCode).toBe(429);
      const keys = await proxied.database.db.selectFrom('login_limits').select('key').where('key', 'like', 'pair:%').execute();
      expect(keys.map((k) => k.key)).toEqual([`pair:${DEMO_USERS.rdc} 10.0.0.5`]);
      // Another client behind the same proxy is not held by them.
      expect((await via('10.0.0.5, 10.0.0.6', DEMO_PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('the clean-up deletes counts once they are forgotten, and only those', async () => {
    await login(t.app, 'forgotten@demo.local', 'wrong password', '10.7.0.1');
    const keys = async () =>
      (await t.database.db.selectFrom('login_limits').select('key').where('key', 'like', '%forgotten@demo.local%').execute())
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(['account:forgotten@demo.local', 'pair:forgotten@demo.local 10.7.0.1']);
    // Nothing is forgotten yet.
    await forgetOldLimits(t.database.db);
    expect(await keys()).toHaveLength(2);
    // 16 minutes on, the account's count (forgotten 15 minutes after its last failure) goes; the pair's (an hour) stays.
    await forgetOldLimits(t.database.db, Date.now() + 16 * 60_000);
    expect(await keys()).toEqual(['pair:forgotten@demo.local 10.7.0.1']);
  });
});
