import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAudit } from '../src/db/audit.ts';
import { readHeads } from '../src/db/audit-heads.ts';
import { pgToolsInstalled, restoreDrill, type DrillReport } from '../src/restore-drill.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { signIn, startTestApp, type TestApp } from './harness.ts';

const hasPgDump = await pgToolsInstalled();

/**
 * The restore drill of docs/deploy.md (decision 0047) on a PostgreSQL site in use: its backup
 * (pg_dump -Fc) restores into a database a server starts on, with the audit chain intact.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !hasPgDump)('the restore drill', () => {
  let site: TestApp;
  let report: DrillReport;

  beforeAll(async () => {
    site = await startTestApp('postgres');
    const operator = await signIn(site.app, DEMO_USERS.rdc);
    const scanned = await site.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: operator.headers,
      payload: { docType: 'IBD', docNo: '1800000101', code: '00088812340000644473', unit: 'CTN', scanId: randomUUID() },
    });
    expect(scanned.statusCode).toBe(200);
    await sealAudit(site.database.db, { file: site.config.audit.headFile });
    // The site's own sealer may have sealed first: its head line follows its commit.
    for (let i = 0; i < 50 && !readHeads(site.config.audit.headFile)?.heads.length; i++) await new Promise((r) => setTimeout(r, 100));
    report = await restoreDrill({ config: site.config });
  }, 120_000);
  afterAll(() => site?.close());

  it('restores the dump into a database a server starts on and answers healthy', () => {
    expect(report.health).toBe(200);
    expect(report.dumpBytes).toBeGreaterThan(0);
    expect(report.ok).toBe(true);
  });

  it('the restored site has the live rows and the audit chain, ending at a head the live chain holds', async () => {
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    for (const table of ['users', 'handling_units', 'documents', 'scans']) {
      const live = await site.database.db
        .selectFrom(table as 'users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(rows[table], table).toBe(Number(live.n));
    }
    expect(report.chain.ok).toBe(true);
    expect(report.chain.sealed).toBeGreaterThan(0);
    expect(report.headInSource).toBe(true);
  });

  it("checks the restored rows' MACs with the operator's key, and the chain against the heads written outside (decision 0059)", async () => {
    expect(report.chain).toMatchObject({ ok: true, legacy: 0 });
    expect(report.chain.headsCompared).toBeGreaterThan(0);
    const otherKey = await restoreDrill({ config: { ...site.config, audit: { ...site.config.audit, key: randomBytes(32) } } });
    expect(otherKey.ok).toBe(false);
    expect(otherKey.chain.broken).toMatchObject({ seq: 1, cause: 'key' });
  }, 120_000);
});
