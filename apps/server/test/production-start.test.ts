import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { prepareDatabase, StartRefused } from '../src/startup.ts';
import { createPostgresDatabase, DATABASES, NO_WEB_BUILD } from './harness.ts';
import { login } from './requests.ts';

const ADMIN = { email: 'ops@example.com', password: 'Correct#Horse9Battery' };

/**
 * A production start as main.ts does it: no demo users with the README's password; the first admin is
 * the operator's. On PostgreSQL it runs as a role that owns the database and is no superuser (a
 * superuser is refused in production, decision 0059).
 */
describe.each(DATABASES)('a production start on %s', (kind) => {
  let app: ZodApp;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-prod-'));
    const pg = kind === 'postgres' ? await ownedDatabase() : undefined;
    drop = pg?.drop;
    env = {
      NODE_ENV: 'production',
      AUDIT_KEY: 'audit-key-audit-key-audit-key-0123',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_BUILD,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const config = loadConfig(env);
    const database = openDatabase(config.database, config.audit.key);
    expect(await prepareDatabase(config, database)).toEqual({ seeded: false, admin: 'created' });
    app = await buildApp({ config, database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("seeds no demo user: the README's password opens nothing", async () => {
    for (const email of Object.values(DEMO_USERS)) expect((await login(app, email, DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('the first administrator signs in with the password the operator chose, and may administer', async () => {
    const res = await login(app, ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const users = await app.inject({ method: 'GET', url: '/api/admin/users', headers: { authorization: `Bearer ${res.json().jwt}` } });
    expect(users.statusCode).toBe(200);
  });

  it('a second start with the same settings makes no second admin', async () => {
    const config = loadConfig({ ...env, ADMIN_EMAIL: 'someone.else@example.com' });
    const database = openDatabase(config.database, config.audit.key);
    try {
      expect(await prepareDatabase(config, database)).toEqual({ seeded: false, admin: 'admin-exists' });
    } finally {
      await database.close();
    }
    expect((await login(app, 'someone.else@example.com', ADMIN.password)).statusCode).toBe(401);
  });
});

/** A database owned by a role of its own that may log in and is no superuser, as docs/deploy.md's owner. */
async function ownedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_prod');
  const role = `owner_${new URL(database.url).pathname.slice(1)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`ALTER DATABASE ${new URL(database.url).pathname.slice(1)} OWNER TO ${role}`);
  } finally {
    await admin.end();
  }
  const url = new URL(database.url);
  url.username = role;
  url.password = '';
  return {
    url: url.toString(),
    async drop() {
      await database.drop();
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP ROLE IF EXISTS ${role}`).finally(() => c.end());
    },
  };
}

/** Issue 26: a PostgreSQL superuser can drop the audit trail's triggers; production refuses to start as one. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a start on PostgreSQL as a superuser', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-super-'));
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_super');
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = (nodeEnv: string) => ({
    NODE_ENV: nodeEnv,
    AUDIT_KEY: 'audit-key-audit-key-audit-key-0123',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: NO_WEB_BUILD,
    DATABASE_URL: database.url,
  });
  const superuser = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@localhost').username || 'postgres';

  it('is refused in production, with a sentence naming the roles to use, before anything is migrated', async () => {
    const config = loadConfig(env('production'));
    const handle = openDatabase(config.database, config.audit.key);
    try {
      const refused = await prepareDatabase(config, handle).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartRefused);
      expect((refused as Error).message).toBe(
        `Refusing to start in production as "${superuser}", a PostgreSQL superuser: it can drop the audit trail's triggers and rewrite it. ` +
          'Run the server as the app role (pharma_app) and the migrations as the owner role (pharma_owner), ' +
          'as docs/deploy.md sets them up under "PostgreSQL: two roles".',
      );
      const tables = await handle.db.introspection.getTables();
      expect(tables).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('main.ts prints that sentence and exits 1, no stack', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env('production') },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    const stderr = (failed as { stderr: string }).stderr;
    expect(stderr).toMatch(/^Refusing to start in production as ".*", a PostgreSQL superuser: .* docs\/deploy\.md .*\n$/);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('outside production it starts, and says so for the log to warn', async () => {
    const config = loadConfig(env('development'));
    const handle = openDatabase(config.database, config.audit.key);
    try {
      expect(await prepareDatabase(config, handle)).toMatchObject({ superuser });
    } finally {
      await handle.close();
    }
  });
});
