import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { prepareDatabase } from '../src/startup.ts';
import { createPostgresDatabase, DATABASES } from './harness.ts';

const ADMIN = { email: 'ops@example.com', password: 'correct horse battery staple' };

/** A production start as main.ts does it: no demo users with the README's password; the first admin is the operator's. */
describe.each(DATABASES)('a production start on %s', (kind) => {
  let app: ZodApp;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-prod-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_prod') : undefined;
    drop = pg?.drop;
    env = {
      NODE_ENV: 'production',
      AUDIT_KEY: 'audit-key-audit-key-audit-key-0123',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const config = loadConfig(env);
    const database = openDatabase(config.database);
    expect(await prepareDatabase(config, database)).toEqual({ seeded: false, admin: 'created' });
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = (identifier: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth-login', payload: { identifier, password } });

  it("seeds no demo user: the README's password opens nothing", async () => {
    for (const email of Object.values(DEMO_USERS)) expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('the first administrator signs in with the password the operator chose, and may administer', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const users = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${res.json().jwt}` } });
    expect(users.statusCode).toBe(200);
  });

  it('a second start with the same settings makes no second admin', async () => {
    const config = loadConfig({ ...env, ADMIN_EMAIL: 'someone.else@example.com' });
    const database = openDatabase(config.database);
    try {
      expect(await prepareDatabase(config, database)).toEqual({ seeded: false, admin: 'admin-exists' });
    } finally {
      await database.close();
    }
    expect((await login('someone.else@example.com', ADMIN.password)).statusCode).toBe(401);
  });
});
