import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { forgetOldLimits } from '../src/lib/rate-limit.ts';
import { DATABASES, startTestApp, type TestApp } from './harness.ts';

/**
 * Brute force stays out without one person locking out the site (issue 14, decision 0023). The
 * counts live in the database (decision 0045), so both databases are tried; counting across two
 * app instances is in instances.test.ts.
 */
describe.each(DATABASES)('login and registration limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const login = (identifier: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth-login', payload: { identifier, password }, remoteAddress });

  it('50 failures behind one address (a warehouse behind one NAT) do not block a colleague with the right password', async () => {
    for (let i = 0; i < 60; i++) await login(`typo${i}@demo.local`, 'wrong password', '10.0.0.1');
    const colleague = await login(DEMO_USERS.ldc, DEMO_PASSWORD, '10.0.0.1');
    expect(colleague.statusCode).toBe(200);
    // The accounts that failed from there are held back, with the time to wait.
    const again = await login('typo1@demo.local', 'wrong password', '10.0.0.1');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('anyone failing on a known account holds back only themselves: its owner signs in from elsewhere', async () => {
    for (let i = 0; i < 5; i++) expect((await login(DEMO_USERS.rdc, 'Nope#2026', '10.0.0.66')).statusCode).toBe(401);
    const attacker = await login(DEMO_USERS.rdc, DEMO_PASSWORD, '10.0.0.66');
    expect(attacker.statusCode).toBe(429);
    expect((await login(DEMO_USERS.rdc, DEMO_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it('the first hold after repeated failures is short (it doubles from there), not a 15-minute lock', async () => {
    for (let i = 0; i < 5; i++) await login(DEMO_USERS.viewer, 'Nope#2026', '10.0.1.1');
    const held = await login(DEMO_USERS.viewer, 'Nope#2026', '10.0.1.1');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('a known account guessed at from many addresses backs off for at most a minute, never locked', async () => {
    for (let i = 0; i < 30; i++) await login(DEMO_USERS.admin, 'Nope#2026', `10.2.0.${i}`);
    const owner = await login(DEMO_USERS.admin, DEMO_PASSWORD, '10.3.0.1');
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
    expect((await login(DEMO_USERS.ldc, DEMO_PASSWORD, '10.9.0.3')).statusCode).toBe(200);
    expect((await login(DEMO_USERS.ldc, 'Pharma#2026', '10.9.0.3')).statusCode).toBe(401);
  });

  it('anonymous registration is rate limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await register(`bulk${i}@example.com`, '10.8.0.1')).statusCode);
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.at(-1)).toBe(429);
    expect((await register('other.place@example.com', '10.8.0.2')).statusCode).toBe(201);
  });

  it('the clean-up deletes counts once they are forgotten, and only those', async () => {
    await login('forgotten@demo.local', 'wrong password', '10.7.0.1');
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
