import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { NO_WEB_BUILD, signIn } from './harness.ts';

/** The refresh token travels in the query string (the spec's GET /api/refreshToken): the log never shows it. */
describe('the request log', () => {
  let app: ZodApp;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-log-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'info',
      WEB_DIST: NO_WEB_BUILD,
    });
    const database = openDatabase(config.database, config.audit.key);
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db);
    app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('redacts the refresh token of GET /api/refreshToken?refresh_token=…, and the bearer token', async () => {
    const s = await signIn(app, DEMO_USERS.ldc);
    const token = s.cookies.refresh_token!;
    const res = await app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${token}`, headers: s.headers });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/refreshToken?refresh_token=[REDACTED]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(res.json().refresh_token);
    expect(log).not.toContain(s.jwt);
  });
});
