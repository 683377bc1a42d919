import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { ModuleGrant } from '@pharma/domain';
import { buildApp, type AppDeps } from '../src/app.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { login } from './requests.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (as .ci/run does). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * WEB_DIST of every test server: a folder that holds no web build. The server's default is the repository's
 * apps/web/dist, which a build on the same machine makes or replaces at any moment, and a server with a build
 * registers more (its static files): a test would depend on what ran beside it. A test of the web's serving makes a build of its own (security-headers.test.ts).
 */
export const NO_WEB_BUILD = join(import.meta.dirname, 'no-web-build');

export interface TestApp {
  app: ZodApp;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** A real server on a fresh, migrated and seeded database of the given kind. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  /** The families the app runs (decision 0085): the default registry's unless given. */
  families?: AppDeps['families'],
): Promise<TestApp> {
  const { config, database, drop } = await openTestDatabase(kind, env);
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  const app = await buildApp({ config, database, families });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** A fresh, empty database of `kind` (its own data folder; on PostgreSQL its own database) and its config. */
export interface TestDatabase {
  config: Config;
  database: DatabaseHandle;
  /** Drops the PostgreSQL database and the data folder; the caller closes the handle (or the app over it) first. */
  drop(): Promise<void>;
}

export async function openTestDatabase(kind: DatabaseKind, env: Record<string, string> = {}, prefix = 'pharma_t'): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-test-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, prefix) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    // A national system's answer (issue 28) is waited for 15 s, not a handheld's 2 s: on a machine running
    // test files side by side a simulator on loopback may take longer than 2 s, and a test asserting its
    // answer would meet 'not answered yet'. A test of the wait itself sets VERIFICATION_WAIT_MS.
    VERIFICATION_WAIT_MS: '15000',
    WEB_DIST: NO_WEB_BUILD,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  return {
    config,
    database: openDatabase(config.database, config.audit.key),
    async drop() {
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database as an earlier version left it, for a migration's test: migrated up to `migration` only, with
 * `rows` to write that version's rows untyped (the app's schema type describes the latest version).
 */
export async function openDatabaseAt(
  kind: DatabaseKind,
  migration: string,
  prefix: string,
): Promise<TestDatabase & { rows: Kysely<Record<string, Record<string, unknown>>> }> {
  const opened = await openTestDatabase(kind, {}, prefix);
  await migrateTo(opened.database.db, migration);
  return { ...opened, rows: opened.database.db as never as Kysely<Record<string, Record<string, unknown>>> };
}

/** A fresh PostgreSQL database beside `baseUrl`'s, for one test file or one benchmark run. */
export async function createPostgresDatabase(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(baseUrl);
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A loopback port free right now; another process (a test file running beside this one) may take it before it is used. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A test app listening on loopback at the address it was built for (`env` names it: an SSO redirect
 * comes back to it), so it cannot listen on port 0. It is built for a port free when asked; when another
 * process took that port before the app listened (test files run side by side), it is built again for
 * another.
 */
export async function startListeningTestApp(
  kind: DatabaseKind,
  env: (base: string) => Record<string, string>,
): Promise<TestApp & { base: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await startTestApp(kind, env(base));
    try {
      await t.app.listen({ port, host: '127.0.0.1' });
      return { ...t, base };
    } catch (error) {
      await t.close();
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

/** Signs in a demo user and returns the bearer header and cookies. */
export async function signIn(app: ZodApp, email: string, password = DEMO_PASSWORD) {
  const res = await login(app, email, password);
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  const jwt = res.json().jwt as string;
  return { jwt, cookies, headers: { authorization: `Bearer ${jwt}` } };
}

/** A local role with exactly these grants, made by `admin`, and a new user holding only it: that user's headers. */
export async function localUserWith(app: ZodApp, admin: Record<string, string>, name: string, modules: ModuleGrant[]) {
  const role = await app.inject({
    method: 'POST',
    url: '/api/admin/roles',
    headers: admin,
    payload: { name, areas: ['LDC'], applications: [{ application: 'LDC', modules }], rights: [] },
  });
  if (role.statusCode !== 201) throw new Error(`role ${name}: ${role.statusCode} ${role.body}`);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@demo.local`;
  const user = await app.inject({
    method: 'POST',
    url: '/api/admin/users',
    headers: admin,
    payload: { email, firstName: 'Test', lastName: name, password: 'Pharma#2026', roleIds: [role.json().id] },
  });
  if (user.statusCode !== 201) throw new Error(`user ${name}: ${user.statusCode} ${user.body}`);
  return (await signIn(app, email, 'Pharma#2026')).headers;
}

/** How many rows a table holds (PostgreSQL answers count(*) as a string, SQLite as a number). */
export async function rowCount(t: Pick<TestApp, 'database'>, table: keyof Database): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL: the differences between `stock_packs` and the packs in stock it follows (ACTIVE in a
 * warehouse, migration 0019), each way; none when the triggers kept it through everything a test did.
 */
export async function stockPacksDrift(t: Pick<TestApp, 'database'>): Promise<{ inStock: number; drift: unknown[] }> {
  const units = sql`SELECT id, material_no, warehouse_no, reason, batch_no, expiry FROM handling_units
    WHERE type = 'EA' AND status = 'ACTIVE' AND warehouse_no IS NOT NULL`;
  const stock = sql`SELECT unit_id, material_no, warehouse_no, reason, batch_no, expiry FROM stock_packs`;
  const drift = await sql`(${units} EXCEPT ${stock}) UNION ALL (${stock} EXCEPT ${units})`.execute(t.database.db);
  const inStock = await sql<{ n: string }>`SELECT count(*) AS n FROM stock_packs`.execute(t.database.db);
  return { inStock: Number(inStock.rows[0]!.n), drift: drift.rows };
}

/** A second app instance on the test app's database, as a site runs several behind a load balancer. */
export async function secondInstance(t: TestApp): Promise<ZodApp> {
  const app = await buildApp({ config: t.config, database: openDatabase(t.config.database, t.config.audit.key) });
  await app.ready();
  return app;
}

/**
 * Waits until `probe` answers something other than undefined, asking again every 200 ms: for work a
 * server does on its own schedule (the verification sender works every second, backing off).
 */
export async function eventually<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** main.ts running in a process of its own, its address, and its end. */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
}

const REPO = resolve(import.meta.dirname, '../../..');

/**
 * main.ts in a process of its own, as an operator starts it (for a test that kills it), on a port the
 * system picks, so no test file running beside this one can take it first: its address is the one its
 * start line names. `args` are node's: the TypeScript through tsx, or a compiled build's main.js.
 */
export async function startServerProcess(
  env: Record<string, string>,
  args = ['--import', 'tsx', 'apps/server/src/main.ts'],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  try {
    const base = await new Promise<string>((listening, failed) => {
      let rest = '';
      // Read to the end, the start line and every request's line after it: a full pipe would stall the server.
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) {
          // Pino's lines are JSON; anything else on stdout (a warning) names no address.
          const message = line.startsWith('{') ? (JSON.parse(line) as { msg?: unknown }).msg : undefined;
          const port = typeof message === 'string' ? /^Pharma Scan on http:\/\/localhost:(\d+) /.exec(message)?.[1] : undefined;
          if (port) listening(`http://127.0.0.1:${port}`);
        }
      });
      child.once('exit', (code) => failed(new Error(`main.ts ended (exit code ${code}) before it listened: ${stderr}`)));
      setTimeout(() => failed(new Error(`main.ts did not listen within 30 s: ${stderr}`)), 30_000).unref();
    });
    return { child, base, exited };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
