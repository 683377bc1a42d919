import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sealAudit, verifyAuditChain } from '../src/db/audit.ts';
import { readHeads } from '../src/db/audit-heads.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { auditVerify, deleteAndRechain, envOf, rechain, unguard } from './audit-attacker.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * Issue 26: forging the audit trail with the database's own powers is found by what the database does
 * not hold (decision 0059): each row's MAC made with the server's key, and the chain's heads written
 * outside the database. Each attack is replayed, then `npm run audit:verify` (a process of its own, as
 * an operator runs it) names the row. Before that decision every one of these trails checked out.
 */
describe.each(DATABASES)('forging the audit trail on %s', (kind) => {
  let t: TestApp;
  afterEach(() => t?.close());
  const db = () => t.database.db;
  const start = async () => {
    t = await startTestApp(kind);
    await signIn(t.app, DEMO_USERS.rdc);
    await sealed();
  };
  const last = async () => Number((await sql<{ n: string }>`SELECT max(seq) AS n FROM audit_log`.execute(db())).rows[0]!.n);
  /** Everything sealed and its head written outside (by this call, or by the app's own sealer running meanwhile). */
  const sealed = async () => {
    await sealAudit(db(), { file: t.config.audit.headFile });
    const end = await last();
    for (let i = 0; i < 50 && Math.max(0, ...(readHeads(t.config.audit.headFile)?.heads ?? []).map((h) => h.seq)) < end; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const rowAt = async (seq: number) =>
    (await sql<{ id: string; after_json: string }>`SELECT id, after_json FROM audit_log WHERE seq = ${seq}`.execute(db())).rows[0]!;

  it("a row inserted with the database's credentials is sealed into the chain, but audit:verify says it is not signed by the server", async () => {
    await start();
    // Written as an attacker with the app's connection would: plausible content, no MAC or a made-up one.
    for (const [id, mac] of [
      ['01990000-0000-7000-8000-00000000f0a1', null],
      ['01990000-0000-7000-8000-00000000f0a2', 'ab'.repeat(32)],
    ] as const) {
      await sql`INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, after_json, mac)
        VALUES (${id}, ${new Date().toISOString()}, NULL, 'user', 'someone', 'create', '{"roles":["ADMIN"]}', ${mac})`.execute(db());
    }
    await signIn(t.app, DEMO_USERS.ldc);
    await sealAudit(db());
    const forged = (await sql<{ seq: string }>`SELECT seq FROM audit_log WHERE id = '01990000-0000-7000-8000-00000000f0a1'`.execute(db()))
      .rows[0]!;
    expect(forged.seq).not.toBeNull();
    const seq = Number(forged.seq);

    const report = await verifyAuditChain(db());
    expect(report.broken).toEqual({
      seq,
      id: '01990000-0000-7000-8000-00000000f0a1',
      cause: 'unsigned',
      problem: `row ${seq} (01990000-0000-7000-8000-00000000f0a1) is not signed by the server`,
    });
    const cli = await auditVerify(envOf(t.config));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`row ${seq} (01990000-0000-7000-8000-00000000f0a1) is not signed by the server`);
  }, 60_000);

  it('the head moves only forward to a sealed row; a head moved anyway (triggers dropped) is named by audit:verify', async () => {
    await start();
    const end = await last();
    const second = await rowAt(2);
    const hashOf = async (seq: number) =>
      (await sql<{ hash: string }>`SELECT hash FROM audit_log WHERE seq = ${seq}`.execute(db())).rows[0]!.hash;
    await expect(sql`UPDATE audit_chain_head SET seq = ${end + 5}, hash = ${'f'.repeat(64)}`.execute(db())).rejects.toThrow(
      /moves only forward, to a sealed row/,
    );
    await expect(sql`UPDATE audit_chain_head SET seq = 2, hash = ${await hashOf(2)}`.execute(db())).rejects.toThrow(/moves only forward/);
    if (kind === 'postgres') {
      await expect(sql`SELECT audit_chain_advance(${end + 5}, ${'f'.repeat(64)})`.execute(db())).rejects.toThrow(/moves only forward/);
    }
    expect((await verifyAuditChain(db())).ok).toBe(true);

    await unguard(db(), kind);
    await sql`UPDATE audit_chain_head SET seq = 2, hash = ${await hashOf(2)}`.execute(db());
    const report = await verifyAuditChain(db());
    expect(report.broken).toMatchObject({ cause: 'head', problem: `the chain ends at row ${end} but its head says 2` });
    expect(second.id).toBeTruthy();
    const cli = await auditVerify(envOf(t.config));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`the chain ends at row ${end} but its head says 2`);
  }, 60_000);

  it('a row rewritten and every hash after it recomputed with sha256 (triggers dropped) is named: its MAC is not the server’s', async () => {
    await start();
    const seq = (await last()) - 3;
    const row = await rowAt(seq);
    await unguard(db(), kind);
    await sql`UPDATE audit_log SET after_json = '{"status":"DESTROYED","reason":"EXPIRED"}' WHERE seq = ${seq}`.execute(db());
    await rechain(db(), seq);

    const report = await verifyAuditChain(db());
    expect(report.broken).toEqual({ seq, id: row.id, cause: 'unsigned', problem: `row ${seq} (${row.id}) is not signed by the server` });
    const cli = await auditVerify(envOf(t.config));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`row ${seq} (${row.id}) is not signed by the server`);
  }, 60_000);

  it('a row deleted and the trail renumbered and re-chained is found by the heads written outside the database', async () => {
    await start();
    const recorded = await last();
    await signIn(t.app, DEMO_USERS.ldc);
    await sealed();
    const deleted = recorded - 2;
    await unguard(db(), kind);
    await deleteAndRechain(db(), deleted);

    // The database alone cannot tell: every row left is the server's, and the chain checks out.
    expect((await verifyAuditChain(db())).ok).toBe(true);
    const heads = readHeads(t.config.audit.headFile)!.heads;
    const parted = Math.min(...heads.map((h) => h.seq).filter((s) => s >= deleted));
    const matched = Math.max(0, ...heads.map((h) => h.seq).filter((s) => s < deleted));
    const row = await rowAt(parted);
    const report = await verifyAuditChain(db(), { heads });
    expect(report.broken).toMatchObject({ seq: parted, id: row.id, cause: 'outside' });
    expect(report.broken!.problem).toMatch(
      new RegExp(`^row ${parted} \\(${row.id}\\) is not the row the head file recorded at .*: the chain was rebuilt after row ${matched} `),
    );
    const cli = await auditVerify(envOf(t.config));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`row ${parted} (${row.id}) is not the row the head file recorded`);
  }, 60_000);

  it('rows cut off the end, with the head moved back, are found by the heads written outside the database', async () => {
    await start();
    const end = await last();
    await unguard(db(), kind);
    await sql`DELETE FROM audit_log WHERE seq > ${end - 2}`.execute(db());
    const hash = (await sql<{ hash: string }>`SELECT hash FROM audit_log WHERE seq = ${end - 2}`.execute(db())).rows[0]!.hash;
    await sql`UPDATE audit_chain_head SET seq = ${end - 2}, hash = ${hash}`.execute(db());

    expect((await verifyAuditChain(db())).ok).toBe(true);
    const cli = await auditVerify(envOf(t.config));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(
      new RegExp(`the chain ends at row ${end - 2} but the head file recorded row ${end} at .*: rows were cut off the end`),
    );
  }, 60_000);
});
