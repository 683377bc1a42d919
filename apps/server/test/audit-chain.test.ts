import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sealAudit, verifyAuditChain, writeAudit } from '../src/db/audit.ts';
import { chainHash } from '../src/db/audit-chain.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateTo, migrateToLatest } from '../src/db/migrate.ts';
import { newId } from '../src/lib/ids.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { createPostgresDatabase, DATABASES, openTestDatabase, signIn, startTestApp, type TestApp } from './harness.ts';

/** The audit trail is tamper-evident (decision 0025): a hash chain, and the database refuses rewrites. */
describe.each(DATABASES)('the audit chain on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const rows = async () => Number((await sql<{ n: string }>`SELECT COUNT(*) AS n FROM audit_log`.execute(db())).rows[0]!.n);

  it('every row is chained, and the whole chain checks out', async () => {
    await signIn(t.app, DEMO_USERS.rdc);
    await sealAudit(db());
    const report = await verifyAuditChain(db());
    expect(report).toEqual({ ok: true, sealed: await rows(), unsealed: 0, legacy: 0, headsCompared: 0, broken: undefined });
    expect(report.sealed).toBeGreaterThan(100);
  });

  it('a refresh-token rotation writes an audit row', async () => {
    const s = await signIn(t.app, DEMO_USERS.ldc);
    const res = await t.app.inject({ method: 'GET', url: `/api/refreshToken?refresh_token=${s.cookies.refresh_token}` });
    expect(res.statusCode).toBe(200);
    const audit = await db().selectFrom('audit_log').selectAll().where('entity', '=', 'session').where('action', '=', 'refresh').execute();
    expect(audit).toHaveLength(1);
  });

  it('two sealers at once (two app instances) make one chain, not a fork', async () => {
    // On a database of its own with no app: an app's own sealer, once a second, would seal some rows first.
    const opened = await openTestDatabase(kind, {}, 'pharma_seal');
    try {
      await migrateToLatest(opened.database.db);
      await sealAudit(opened.database.db);
      for (let i = 0; i < 5; i++)
        await writeAudit(opened.database.db, [{ actorId: null, entity: 'session', entityId: `s${i}`, action: 'login' }]);
      const [a, b] = await Promise.all([sealAudit(opened.database.db), sealAudit(opened.database.db)]);
      expect(a + b).toBe(5);
      expect(await verifyAuditChain(opened.database.db)).toMatchObject({ ok: true, unsealed: 0 });
    } finally {
      await opened.database.close();
      await opened.drop();
    }
  });

  it("a pallet's rows are chained in order; on PostgreSQL in one transaction, not one per 250 rows", async () => {
    const opened = await openTestDatabase(kind, {}, 'pharma_seal');
    try {
      const handle = opened.database;
      await migrateToLatest(handle.db);
      await sealAudit(handle.db);
      // As a pallet's scan writes them: 4,849 rows, one operation.
      const units = Array.from({ length: 4849 }, (_, i) => `unit${String(i).padStart(4, '0')}`);
      await writeAudit(
        handle.db,
        units.map((u) => ({
          actorId: null,
          entity: 'unit',
          entityId: u,
          action: 'status',
          before: { status: 'A' },
          after: { status: 'B' },
        })),
      );
      const before = handle.kind === 'postgres' ? handle.activity.statements : 0;
      expect(await sealAudit(handle.db)).toBe(4849);
      if (handle.kind === 'postgres') {
        // BEGIN, the head locked, the rows read, their seq and hash written, the head moved, COMMIT (decision 0091).
        expect(handle.activity.statements - before).toBe(6);
      }
      expect(await verifyAuditChain(handle.db)).toMatchObject({ ok: true, unsealed: 0 });
      const chained = await handle.db
        .selectFrom('audit_log')
        .select(['entity_id', 'seq'])
        .where('entity', '=', 'unit')
        .orderBy('seq')
        .execute();
      expect(chained.map((r) => r.entity_id)).toEqual(units);
    } finally {
      await opened.database.close();
      await opened.drop();
    }
  });

  it('the database refuses to rewrite a row, delete one, replace one or empty the table', async () => {
    const [row] = await db().selectFrom('audit_log').selectAll().orderBy('seq').limit(1).execute();
    await expect(sql`UPDATE audit_log SET reason = 'edited' WHERE id = ${row!.id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE audit_log SET hash = 'x' WHERE id = ${row!.id}`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = ${row!.id}`.execute(db())).rejects.toThrow(/append-only/);
    if (kind === 'sqlite') {
      await expect(
        sql`INSERT OR REPLACE INTO audit_log (id, at, actor_id, entity, entity_id, action) VALUES (${row!.id}, ${row!.at}, NULL, 'x', 'x', 'x')`.execute(
          db(),
        ),
      ).rejects.toThrow(/append-only/);
    } else {
      await expect(sql`TRUNCATE audit_log`.execute(db())).rejects.toThrow(/append-only/);
    }
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });

  it('with the triggers dropped, a changed or deleted row is named by the check', async () => {
    // Every row sealed first: an unsealed row has no seq yet (SQLite orders those first).
    await sealAudit(db());
    const [, second, third] = await db().selectFrom('audit_log').selectAll().orderBy('seq').limit(3).execute();
    const unguard =
      kind === 'sqlite'
        ? ['DROP TRIGGER audit_log_no_update', 'DROP TRIGGER audit_log_no_delete']
        : ['ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change'];
    for (const statement of unguard) await sql.raw(statement).execute(db());

    await sql`UPDATE audit_log SET after_json = '{"status":"ACTIVE"}' WHERE id = ${third!.id}`.execute(db());
    expect((await verifyAuditChain(db())).broken).toEqual({
      seq: 3,
      id: third!.id,
      cause: 'changed',
      problem: `row 3 (${third!.id}) was changed`,
    });
    await sql`UPDATE audit_log SET after_json = ${third!.after_json} WHERE id = ${third!.id}`.execute(db());
    expect((await verifyAuditChain(db())).ok).toBe(true);

    await sql`DELETE FROM audit_log WHERE id = ${second!.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(false);
    expect(report.broken).toMatchObject({ seq: 2, id: null, cause: 'missing' });
    expect(report.broken!.problem).toMatch(/^row 2 is missing/);
  });
});

/** A database from before rows were signed (decision 0059): its trail still checks out, and its unsigned rows are counted. */
describe.each(DATABASES)('a trail from before rows were signed, on %s', (kind) => {
  let dir: string;
  let pgDb: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let database: DatabaseHandle;
  afterEach(async () => {
    await database?.close();
    await pgDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rows chained before the first signed row are legacy; an unsigned row after a signed one is not signed by the server', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pharma-legacy-'));
    pgDb = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_legacy') : undefined;
    database = openDatabase(
      pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: join(dir, 'old.sqlite') },
      randomBytes(32),
    );
    const db = database.db;
    await migrateTo(db, '2026-11-24-0019-stock-packs');
    // As the version before wrote them: three rows without a MAC, two sealed by its sealer, one still waiting at the upgrade.
    const old = [newId(), newId(), newId()].map((id) => ({
      id,
      at: '2026-11-25T10:00:00.000Z',
      entity: 'session',
      entity_id: id,
      action: 'login',
    }));
    for (const r of old) {
      await sql`INSERT INTO audit_log (id, at, entity, entity_id, action) VALUES (${r.id}, ${r.at}, ${r.entity}, ${r.entity_id}, ${r.action})`.execute(
        db,
      );
    }
    let hash = '';
    for (const [i, r] of old.slice(0, 2).entries()) {
      hash = chainHash(hash, i + 1, { ...r, actor_id: null, before_json: null, after_json: null, reason: null, mac: null });
      await sql`UPDATE audit_log SET seq = ${i + 1}, hash = ${hash} WHERE id = ${r.id}`.execute(db);
    }
    await sql`UPDATE audit_chain_head SET seq = 2, hash = ${hash}`.execute(db);

    await migrateToLatest(db);
    await writeAudit(db, [{ actorId: null, entity: 'session', entityId: 'after', action: 'login' }]);
    await sealAudit(db);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, sealed: 4, legacy: 3 });

    const forged = newId();
    await sql`INSERT INTO audit_log (id, at, entity, entity_id, action) VALUES (${forged}, ${new Date().toISOString()}, 'session', 'x', 'login')`.execute(
      db,
    );
    // Not chained yet, it is judged by its MAC all the same; then chained, by its place.
    expect((await verifyAuditChain(db)).broken).toEqual({
      seq: null,
      id: forged,
      cause: 'unsigned',
      problem: `row ${forged} (not chained yet) is not signed by the server`,
    });
    await sealAudit(db);
    expect((await verifyAuditChain(db)).broken).toMatchObject({ seq: 5, id: forged, cause: 'unsigned' });
  });
});

/**
 * Every writer of audit_log signs its rows (decision 0059): a statement in the server's code that inserts
 * audit rows names their `mac`, and Kysely's `insertInto('audit_log')` (whose values could leave it out)
 * is not used. Checked over the source, with a test of its own that a violation is found.
 */
function unsignedWriters(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    for (const m of text.matchAll(/INSERT INTO audit_log\s*\(([^)]*)\)/gi)) if (!/\bmac\b/.test(m[1]!)) found.push(file);
    if (/insertInto\(\s*['"]audit_log['"]/.test(text)) found.push(file);
  }
  return found;
}

describe('audit writers', () => {
  it('every statement in the server that inserts audit rows writes their MAC', () => {
    const root = fileURLToPath(new URL('../src/', import.meta.url));
    const files = new Map(
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.includes('migrations'))
        .map((f) => [f, readFileSync(join(root, f), 'utf8')]),
    );
    expect(files.size).toBeGreaterThan(50);
    expect(unsignedWriters(files)).toEqual([]);
  });

  it('the check finds a writer that leaves the MAC out', () => {
    const bad = new Map([
      ['a.ts', 'sql`INSERT INTO audit_log (id, at, actor_id) SELECT …`'],
      ['b.ts', "db.insertInto('audit_log').values(row)"],
      ['c.ts', 'sql`INSERT INTO audit_log (id, at, mac) VALUES (?, ?, ?)`'],
    ]);
    expect(unsignedWriters(bad)).toEqual(['a.ts', 'b.ts']);
  });
});
