import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { verifyAuditChain } from '../src/db/audit.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { prepareDatabase } from '../src/startup.ts';
import { createPostgresDatabase, NO_WEB_BUILD, signIn } from './harness.ts';
import { login } from './requests.ts';
import { makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * Two app instances on one PostgreSQL behave as one (issue 15, decision 0045). Each instance is a
 * whole server as main.ts starts it (its own pool, its own caches, its own background timers), and
 * both start at the same moment on an empty database.
 */

/** What decision 0045 promises: a logout, a disabled account or a changed role reaches every instance within this. */
const PROMISE_MS = 5_000;
/** How often the tests ask the other instance; the measured time is late by at most this. */
const POLL_MS = 100;

interface Instance {
  app: ZodApp;
  database: DatabaseHandle;
  prepared: { seeded: boolean; admin?: string };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL', () => {
  let a: Instance;
  let b: Instance;
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-instances-'));
    const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_two');
    drop = pg.drop;
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_BUILD,
      SEED_DEMO: 'true',
    });
    const start = async (): Promise<Instance> => {
      const database = openDatabase(config.database, config.audit.key);
      const prepared = await prepareDatabase(config, database);
      const app = await buildApp({ config, database });
      await app.ready();
      return { app, database, prepared };
    };
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (table: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(a.database.db)).rows[0]!.n);

  it('started together, they migrate and seed the empty database once', async () => {
    // One of the two found the database empty and seeded it; the other found it seeded.
    expect([a.prepared.seeded, b.prepared.seeded].sort()).toEqual([false, true]);
    const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(a.database.db);
    expect(new Set(migrations.rows.map((m) => m.name)).size).toBe(migrations.rows.length);
    expect(await count('users')).toBe(Object.keys(DEMO_USERS).length);
    const logins = await Promise.all([signIn(a.app, DEMO_USERS.admin), signIn(b.app, DEMO_USERS.admin)]);
    expect(logins.every((l) => l.jwt.length > 0)).toBe(true);
  });

  describe('scanning', () => {
    const IBD = '1930000001';
    let packs: PackSpec[];
    let operator: Record<string, string>;

    beforeAll(async () => {
      const admin = (await signIn(a.app, DEMO_USERS.admin)).headers;
      const all = await products(a);
      packs = makeCodes(41).packs(6, all[4]!);
      await stageInbound(a.app, admin, IBD, { packs, cartons: [] }, all);
      // One handheld's session, used through either instance as a load balancer would send it.
      operator = (await signIn(b.app, DEMO_USERS.rdc)).headers;
    }, 60_000);

    const scan = (through: Instance, pack: PackSpec, scanId = randomUUID()) =>
      through.app.inject({
        method: 'POST',
        url: '/api/scanForOperation',
        headers: operator,
        payload: { docType: 'IBD', docNo: IBD, code: packScan(pack), unit: 'EA', scanId },
      });

    const scannedOnDocument = async () => {
      const details = (await a.app.inject({ method: 'GET', url: `/api/ibdNo/${IBD}`, headers: operator })).json();
      return details.data.reduce((n: number, l: { scannedQuantity: number }) => n + l.scannedQuantity, 0) as number;
    };

    it('the same pack scanned through both instances at once counts once', async () => {
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => scan(i % 2 ? a : b, packs[0]!)));
      const accepted = results.filter((r) => r.statusCode === 200);
      expect(accepted).toHaveLength(1);
      expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(11).fill('ALREADY_SCANNED'));
      expect(await scannedOnDocument()).toBe(1);
    });

    it('a scanId repeated through the other instance answers the first answer and changes nothing', async () => {
      const id = randomUUID();
      const first = await scan(a, packs[1]!, id);
      expect(first.statusCode).toBe(200);
      const again = await scan(b, packs[1]!, id);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      // Sent to both at the same moment: one scan, one answer.
      const both = randomUUID();
      const pair = await Promise.all([scan(a, packs[2]!, both), scan(b, packs[2]!, both)]);
      expect(pair.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(pair[0]!.body).toBe(pair[1]!.body);
      expect(await scannedOnDocument()).toBe(3);
      const rows = await a.database.db.selectFrom('scans').select('id').where('id', 'in', [id, both]).execute();
      expect(rows).toHaveLength(2);
    });
  });

  /** Asks `through` every POLL_MS until `refused` says so; answers the time taken, or fails past twice the promise. */
  async function timeUntil(refused: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 2 * PROMISE_MS) {
      if (await refused()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`still accepted after ${2 * PROMISE_MS} ms`);
  }

  const me = (through: Instance, headers: Record<string, string>) => through.app.inject({ method: 'GET', url: '/api/me', headers });

  it(`a logout through one instance refuses the token on the other within ${PROMISE_MS / 1000} s`, async () => {
    const session = await signIn(a.app, DEMO_USERS.viewer);
    // The other instance knows the caller (its cache holds it) right before the logout.
    expect((await me(b, session.headers)).statusCode).toBe(200);
    const logout = await a.app.inject({ method: 'POST', url: '/api/auth-logout', headers: session.headers });
    expect(logout.statusCode).toBe(204);
    expect((await me(a, session.headers)).statusCode).toBe(401);
    const elapsed = await timeUntil(async () => (await me(b, session.headers)).statusCode === 401);
    expect(elapsed).toBeLessThanOrEqual(PROMISE_MS + POLL_MS);
  });

  it(`a changed role and a disabled account take effect on the other instance within ${PROMISE_MS / 1000} s`, async () => {
    const admin = (await signIn(a.app, DEMO_USERS.admin)).headers;
    const users = (await a.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin })).json().data as {
      id: string;
      email: string;
    }[];
    const ldc = users.find((u) => u.email === DEMO_USERS.ldc)!;
    const session = await signIn(b.app, DEMO_USERS.ldc);
    const areas = async () => ((await me(b, session.headers)).json().authorization?.authorizedMicroApp as string[] | undefined) ?? [];
    expect(await areas()).toEqual(['LDC']);

    const patch = (body: object) => a.app.inject({ method: 'PATCH', url: `/api/admin/users/${ldc.id}`, headers: admin, payload: body });
    expect((await patch({ roleIds: [] })).statusCode).toBe(200);
    const roleElapsed = await timeUntil(async () => (await areas()).length === 0);
    expect(roleElapsed).toBeLessThanOrEqual(PROMISE_MS + POLL_MS);

    expect((await patch({ disabled: true })).statusCode).toBe(200);
    const disabledElapsed = await timeUntil(async () => (await me(b, session.headers)).statusCode === 401);
    expect(disabledElapsed).toBeLessThanOrEqual(PROMISE_MS + POLL_MS);
  }, 30_000);

  describe('sign-in limits count across both instances', () => {
    it('five failures split over the two instances hold back the sixth try on either', async () => {
      const answers: number[] = [];
      for (let i = 0; i < 5; i++) answers.push((await login((i % 2 ? a : b).app, DEMO_USERS.rdc, 'Nope#2026', '10.40.0.1')).statusCode);
      expect(answers).toEqual([401, 401, 401, 401, 401]);
      for (const through of [a, b]) {
        const held = await login(through.app, DEMO_USERS.rdc, DEMO_PASSWORD, '10.40.0.1');
        expect(held.statusCode).toBe(429);
        expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The owner elsewhere is not held back (decision 0023), through either instance.
      expect((await login(b.app, DEMO_USERS.rdc, DEMO_PASSWORD, '10.40.0.2')).statusCode).toBe(200);
    });

    it('failures of other accounts behind one address, over both instances, do not block a colleague', async () => {
      // 60 failures of other accounts, sent to both instances at once: 30 to each, past the address's 10 free ones.
      await Promise.all(Array.from({ length: 60 }, (_, i) => login((i % 2 ? a : b).app, `typo${i}@demo.local`, 'wrong', '10.41.0.1')));
      expect((await login(a.app, DEMO_USERS.admin, DEMO_PASSWORD, '10.41.0.1')).statusCode).toBe(200);
      expect((await login(b.app, DEMO_USERS.admin, DEMO_PASSWORD, '10.41.0.1')).statusCode).toBe(200);
      // The address's wait, counted over both, holds an account once it has 5 failures of its own, whichever
      // instance it asks: longer than the account's own first hold of 30 s (decision 0058).
      for (let i = 0; i < 5; i++)
        expect((await login((i % 2 ? a : b).app, 'guessed@demo.local', 'wrong', '10.41.0.1')).statusCode).toBe(401);
      for (const through of [a, b]) {
        const held = await login(through.app, 'guessed@demo.local', 'wrong', '10.41.0.1');
        expect(held.statusCode).toBe(429);
        expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
      }
    });
  });

  it('both instances seal the audit trail: one unbroken chain of the rows either wrote', async () => {
    // Sign-ins above wrote audit rows through both; each instance's sealer runs every second.
    await expect
      .poll(
        async () =>
          Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log WHERE seq IS NULL`.execute(a.database.db)).rows[0]!.n),
        {
          timeout: 10_000,
          interval: 200,
        },
      )
      .toBe(0);
    const report = await verifyAuditChain(b.database.db);
    expect(report.ok).toBe(true);
    expect(report.sealed).toBe(await count('audit_log'));
  });
});
