import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAudit, verifyAuditChain } from '../src/db/audit.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

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
    expect(report).toEqual({ ok: true, sealed: await rows(), unsealed: 0, broken: undefined });
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
    for (let i = 0; i < 5; i++) await signIn(t.app, DEMO_USERS.viewer);
    const [a, b] = await Promise.all([sealAudit(db()), sealAudit(db())]);
    expect(a + b).toBeGreaterThanOrEqual(5);
    expect((await verifyAuditChain(db())).ok).toBe(true);
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
    const [, second, third] = await db().selectFrom('audit_log').selectAll().orderBy('seq').limit(3).execute();
    const unguard =
      kind === 'sqlite'
        ? ['DROP TRIGGER audit_log_no_update', 'DROP TRIGGER audit_log_no_delete']
        : ['ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change'];
    for (const statement of unguard) await sql.raw(statement).execute(db());

    await sql`UPDATE audit_log SET after_json = '{"status":"ACTIVE"}' WHERE id = ${third!.id}`.execute(db());
    expect((await verifyAuditChain(db())).broken).toEqual({ seq: 3, id: third!.id, problem: `row 3 (${third!.id}) was changed` });
    await sql`UPDATE audit_log SET after_json = ${third!.after_json} WHERE id = ${third!.id}`.execute(db());
    expect((await verifyAuditChain(db())).ok).toBe(true);

    await sql`DELETE FROM audit_log WHERE id = ${second!.id}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.ok).toBe(false);
    expect(report.broken).toMatchObject({ seq: 2, id: null });
    expect(report.broken!.problem).toMatch(/^row 2 is missing/);
  });
});
