import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { sealAudit, verifyAuditChain } from '../src/db/audit.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { prepareDatabase } from '../src/startup.ts';
import { NO_WEB_BUILD } from './harness.ts';
import { login } from './requests.ts';

/**
 * docs/deploy.md's two roles, followed word for word: its SQL block is read from the file and run with
 * the roles and database renamed. The server then runs as the app role and does a day's work (sign-in
 * limits, a scan, sealing the audit chain), and the app role cannot empty or unprotect the audit trail,
 * nor move its head; a row it writes itself is not the server's (decision 0059).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('docs/deploy.md: the owner and app roles on PostgreSQL', () => {
  const suffix = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const names = { pharma_owner: `owner_${suffix}`, pharma_app: `app_${suffix}`, pharma: `pharma_roles_${suffix}` };
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const urlAs = (user: string, database = names.pharma) => {
    const url = new URL(base);
    url.username = user;
    url.password = '';
    url.pathname = `/${database}`;
    return url.toString();
  };
  let app: ZodApp;
  let database: DatabaseHandle;
  let dataDir: string;

  /** The doc's SQL block in three parts: as a superuser, in the new database, then as the owner after the first start. */
  function docSteps(): { superuser: string[]; inDatabase: string[]; asOwner: string[] } {
    const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
    const block = /```sql\n([\s\S]*?)```/.exec(doc)![1]!;
    let text = block.replaceAll("'…'", "'not-used-trust-auth'");
    for (const [from, to] of Object.entries(names)) text = text.replace(new RegExp(`\\b${from}\\b`, 'g'), to);
    const [beforeConnect, afterConnect] = text.split(/^\\c .*$/m) as [string, string];
    const [inDatabase, asOwner] = afterConnect.split(/^-- start the server once.*$/m) as [string, string];
    const statements = (part: string) =>
      part
        .split('\n')
        .filter((line) => !line.startsWith('--'))
        .join('\n')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean);
    return { superuser: statements(beforeConnect), inDatabase: statements(inDatabase), asOwner: statements(asOwner) };
  }

  async function runAs(url: string, statements: string[]): Promise<void> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  const start = async (user: string, seed: boolean) => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: urlAs(user),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_BUILD,
      SEED_DEMO: String(seed),
    });
    const handle = openDatabase(config.database, config.audit.key);
    await prepareDatabase(config, handle);
    return { handle, app: await buildApp({ config, database: handle }) };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-roles-'));
    const steps = docSteps();
    await runAs(base.toString(), steps.superuser);
    await runAs(urlAs(base.username || 'postgres'), steps.inDatabase);
    // "start the server once" as the owner: it migrates (and here seeds the demo warehouse).
    const owner = await start(names.pharma_owner, true);
    await owner.app.close();
    await runAs(urlAs(names.pharma_owner), steps.asOwner);
    const started = await start(names.pharma_app, false);
    app = started.app;
    database = started.handle;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await runAs(base.toString(), [
      `DROP DATABASE IF EXISTS ${names.pharma} WITH (FORCE)`,
      `DROP ROLE IF EXISTS ${names.pharma_app}`,
      `DROP ROLE IF EXISTS ${names.pharma_owner}`,
    ]).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the server runs as the app role: sign-in limits are counted and cleared, a scan is recorded, the chain is sealed', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await login(app, DEMO_USERS.rdc, 'Nope#2026', '10.50.0.1')).statusCode).toBe(401);
    const signedIn = await login(app, DEMO_USERS.rdc, DEMO_PASSWORD, '10.50.0.1');
    expect(signedIn.statusCode).toBe(200);
    const scan = await app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: { authorization: `Bearer ${signedIn.json().jwt}` },
      payload: { docType: 'IBD', docNo: '1800000101', code: '00088812340000644473', unit: 'CTN', scanId: randomUUID() },
    });
    expect(scan.statusCode).toBe(200);
    await sealAudit(database.db);
    const chain = await verifyAuditChain(database.db);
    expect(chain.ok).toBe(true);
    expect(chain.unsealed).toBe(0);
  });

  it('the app role cannot empty the audit trail, rewrite a row, or drop its triggers', async () => {
    const client = new pg.Client({ connectionString: urlAs(names.pharma_app) });
    await client.connect();
    try {
      await expect(client.query('TRUNCATE audit_log')).rejects.toThrow(/permission denied/);
      await expect(client.query("UPDATE audit_log SET reason = 'rewritten'")).rejects.toThrow(/permission denied/);
      await expect(client.query('DELETE FROM audit_log')).rejects.toThrow(/permission denied/);
      await expect(client.query('DROP TRIGGER audit_log_no_change ON audit_log')).rejects.toThrow(/must be owner/);
      await expect(client.query('ALTER TABLE audit_log DISABLE TRIGGER ALL')).rejects.toThrow(/must be owner/);
    } finally {
      await client.end();
    }
  });

  it('the app role cannot move the chain head: no UPDATE, and the function it seals through refuses a head that is no sealed row', async () => {
    const client = new pg.Client({ connectionString: urlAs(names.pharma_app) });
    await client.connect();
    try {
      const { rows } = await client.query<{ seq: string; hash: string }>('SELECT seq::text AS seq, hash FROM audit_chain_head');
      const head = rows[0]!;
      await expect(client.query('UPDATE audit_chain_head SET seq = 1')).rejects.toThrow(/permission denied/);
      await expect(client.query('DELETE FROM audit_chain_head')).rejects.toThrow(/permission denied/);
      await expect(client.query('SELECT audit_chain_advance($1, $2)', [Number(head.seq) + 1, 'f'.repeat(64)])).rejects.toThrow(
        /moves only forward, to a sealed row/,
      );
      const earlier = (await client.query<{ hash: string }>('SELECT hash FROM audit_log WHERE seq = 1')).rows[0]!;
      await expect(client.query('SELECT audit_chain_advance(1, $1)', [earlier.hash])).rejects.toThrow(/moves only forward/);
      expect((await client.query('SELECT seq::text AS seq, hash FROM audit_chain_head')).rows[0]).toEqual(head);
    } finally {
      await client.end();
    }
  });

  it('a row the app role inserts itself is sealed into the chain, and the check says it is not signed by the server', async () => {
    const client = new pg.Client({ connectionString: urlAs(names.pharma_app) });
    await client.connect();
    const id = '01990000-0000-7000-8000-0000000f0a9e';
    try {
      await client.query(
        `INSERT INTO audit_log (id, at, entity, entity_id, action, after_json) VALUES ($1, $2, 'user', 'mallory', 'create', '{"roles":["ADMIN"]}')`,
        [id, new Date().toISOString()],
      );
    } finally {
      await client.end();
    }
    await sealAudit(database.db);
    const { seq } = await database.db.selectFrom('audit_log').select('seq').where('id', '=', id).executeTakeFirstOrThrow();
    expect(seq).not.toBeNull();
    const chain = await verifyAuditChain(database.db);
    expect(chain.broken).toMatchObject({
      seq: Number(seq),
      id,
      cause: 'unsigned',
      problem: `row ${Number(seq)} (${id}) is not signed by the server`,
    });
  });
});
