import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { sql } from 'kysely';
import { migrationNames } from '../src/db/migrate.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { prepareDatabase } from '../src/startup.ts';
import { createPostgresDatabase, DATABASES, NO_WEB_BUILD } from './harness.ts';

/** GET /api/ready, what the reverse proxy asks before sending an instance requests (docs/deploy.md, decision 0047). */
describe.each(DATABASES)('readiness on %s', (kind) => {
  let app: ZodApp;
  let database: DatabaseHandle;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  const readiness = { draining: false };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-ready-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_ready') : undefined;
    drop = pg?.drop;
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_BUILD,
      SEED_DEMO: 'false',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    database = openDatabase(config.database, config.audit.key);
    await prepareDatabase(config, database);
    app = await buildApp({ config, database, readiness });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = () => app.inject({ method: 'GET', url: '/api/ready' });

  it('answers ready with every migration of this version applied', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', migrations: migrationNames().length });
  });

  it('answers 503 while the instance drains for a stop, so the proxy takes it out first', async () => {
    readiness.draining = true;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'SERVER_NOT_READY', message: 'This server is not taking requests: it is shutting down.' });
      // Liveness still answers: the process is fine, only leaving.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      readiness.draining = false;
    }
  });

  it('answers 503 naming a migration of this version the database lacks (a backup of an older version restored under it)', async () => {
    const last = migrationNames().at(-1)!;
    const row = (
      await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration WHERE name = ${last}`.execute(database.db)
    ).rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${last}`.execute(database.db);
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(`This server is not taking requests: migrations not applied: ${last}.`);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${row.name}, ${row.timestamp})`.execute(database.db);
    }
  });
});
