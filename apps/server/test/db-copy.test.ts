import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { sealAudit, verifyAuditChain, writeAudit } from '../src/db/audit.ts';
import { copySqliteToPostgres, CopyRefused, type CopyReport } from '../src/db/copy.ts';
import { openDatabase } from '../src/db/database.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { createPostgresDatabase, NO_WEB_BUILD, signIn, startTestApp, stockPacksDrift, type TestApp } from './harness.ts';

/**
 * Moving a site from SQLite to PostgreSQL (issue 15, decision 0046): the demo warehouse, used a little
 * (sign-ins, a scan, sealed and unsealed audit rows), copied into an empty PostgreSQL database; the
 * copy is checked table by table and a server started on it answers as the old one did.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('db:copy from SQLite to PostgreSQL', () => {
  let site: TestApp;
  let target: { url: string; drop(): Promise<void> };
  let report: CopyReport;
  let copy: ZodApp;
  let dataDir: string;
  let file: string;
  const IBD = '1800000101';
  const EVENTS = '/api/integration/epcis/events';
  let siteEvents: { eventList: { bizStep?: string }[] };
  /** The site's audit key: the copy keeps its rows' MACs, so the new site is started with the same key. */
  const AUDIT_KEY = 'copy-audit-key-copy-audit-key-0123456789';

  beforeAll(async () => {
    site = await startTestApp('sqlite', { AUDIT_KEY });
    const operator = await signIn(site.app, DEMO_USERS.rdc);
    const scanned = await site.app.inject({
      method: 'POST',
      url: '/api/scanForOperation',
      headers: operator.headers,
      payload: { docType: 'IBD', docNo: IBD, code: '00088812340000644473', unit: 'CTN', scanId: randomUUID() },
    });
    expect(scanned.statusCode).toBe(200);
    // A batch on hold: its EPCIS event is kept gzipped (a blob on SQLite, bytea on PostgreSQL: migration 0028).
    const batch = await site.database.db
      .selectFrom('handling_units')
      .select(['material_no', 'batch_no'])
      .where('type', '=', 'EA')
      .where('status', '=', 'ACTIVE')
      .where('batch_no', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const admin = (await signIn(site.app, DEMO_USERS.admin)).headers;
    const held = await site.app.inject({
      method: 'PUT',
      url: `/api/batches/${batch.material_no}/${batch.batch_no}/status?area=RDC`,
      headers: admin,
      payload: { status: 'ON_HOLD', reason: 'Copy test: quality hold' },
    });
    expect(held.statusCode).toBe(200);
    // The export builds what is still owed before it answers: the event is kept before the file is copied.
    siteEvents = (await site.app.inject({ method: 'GET', url: EVENTS, headers: admin })).json().epcisBody;
    await sealAudit(site.database.db);
    // The site's file as it is now (its own sealer keeps running), plus a row written after the last
    // seal: copied unsealed, chained later by the new site's sealer.
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-copy-'));
    file = join(dataDir, 'site.sqlite');
    if (site.database.kind !== 'sqlite') throw new Error('the site runs on SQLite');
    site.database.native.exec(`VACUUM INTO '${file}'`);
    const snapshot = openDatabase({ kind: 'sqlite', file }, site.config.audit.key);
    await writeAudit(snapshot.db, [
      { actorId: null, entity: 'site', entityId: 'move', action: 'update', reason: 'written after the last seal' },
    ]);
    await snapshot.close();
    target = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_copy');
    report = await copySqliteToPostgres({ from: file, to: target.url, auditKey: site.config.audit.key });

    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      JWT_SECRET: 'another-secret-another-secret-0123456789',
      LOG_LEVEL: 'silent',
      WEB_DIST: NO_WEB_BUILD,
      AUDIT_KEY,
    });
    copy = await buildApp({ config, database: openDatabase(config.database, config.audit.key) });
    await copy.ready();
  }, 120_000);

  afterAll(async () => {
    await copy?.close();
    await site?.close();
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table with the same rows: counts and checksums match, the audit chain is intact', () => {
    expect(report.ok).toBe(true);
    const byTable = Object.fromEntries(report.tables.map((t) => [t.table, t]));
    for (const table of [
      'users',
      'roles',
      'handling_units',
      'documents',
      'document_lines',
      'scans',
      'scan_items',
      'audit_log',
      'audit_chain_head',
      'epcis_batch_events',
    ]) {
      expect(byTable[table], table).toBeDefined();
      expect(byTable[table]!.ok, table).toBe(true);
    }
    expect(byTable.handling_units!.rows).toBeGreaterThan(100);
    expect(byTable.scans!.copiedRows).toBeGreaterThan(0);
    expect(byTable.epcis_batch_events!.copiedRows).toBeGreaterThan(0);
    expect(report.tables.every((t) => t.rows === t.copiedRows && t.checksum === t.copiedChecksum)).toBe(true);
    // The chain came over as it was: every sealed row, ending at the same head, plus the unsealed rows.
    expect(report.chain.ok).toBe(true);
    expect(report.chain.sealed).toBe(report.sourceSealed);
    expect(report.chain.sealed).toBeGreaterThan(0);
    expect(report.chain.unsealed).toBeGreaterThan(0);
    // Every row came with its MAC (decision 0059): the copy's chain checks them with the site's key.
    expect(report.chain.legacy).toBe(0);
  });

  it("the copied rows keep the site's MACs: checked with another key, the copy's chain is not the server's", async () => {
    const database = openDatabase({ kind: 'postgres', url: target.url }, randomBytes(32));
    try {
      const chain = await verifyAuditChain(database.db);
      expect(chain.broken).toMatchObject({ seq: 1, cause: 'key' });
    } finally {
      await database.close();
    }
  });

  it('a server on the copy signs the same users in and shows the same document, and goes on with the chain', async () => {
    const headers = (await signIn(copy, DEMO_USERS.rdc)).headers;
    const before = await site.app.inject({
      method: 'GET',
      url: `/api/ibdNo/${IBD}`,
      headers: (await signIn(site.app, DEMO_USERS.rdc)).headers,
    });
    const after = await copy.inject({ method: 'GET', url: `/api/ibdNo/${IBD}`, headers });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    // The EPCIS export, the batch's hold event (kept gzipped) among its events, is the site's.
    const events = await copy.inject({ method: 'GET', url: EVENTS, headers: (await signIn(copy, DEMO_USERS.admin)).headers });
    expect(events.json().epcisBody).toEqual(siteEvents);
    expect(siteEvents.eventList.filter((e) => e.bizStep === 'holding').length).toBeGreaterThan(0);
    const database = openDatabase({ kind: 'postgres', url: target.url }, site.config.audit.key);
    try {
      await sealAudit(database.db);
      const chain = await verifyAuditChain(database.db);
      expect(chain.ok).toBe(true);
      expect(chain.sealed).toBeGreaterThan(report.chain.sealed);
      // PostgreSQL's own stock table (migration 0019) was filled from the copied units.
      const { inStock, drift } = await stockPacksDrift({ database });
      expect(drift).toEqual([]);
      expect(inStock).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('refuses a target that is not empty, and one that holds tables of something else, writing nothing', async () => {
    await expect(copySqliteToPostgres({ from: file, to: target.url, auditKey: site.config.audit.key })).rejects.toThrow(
      /the target is not empty: .*users/,
    );
    const other = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_other');
    try {
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      await client.query('CREATE TABLE invoices (id text PRIMARY KEY)');
      const refused = await copySqliteToPostgres({ from: file, to: other.url, auditKey: site.config.audit.key }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(CopyRefused);
      expect((refused as Error).message).toMatch(/tables this app does not have \(invoices\)/);
      const tables = await client.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
      expect(tables.rows.map((r) => r.table_name)).toEqual(['invoices']);
      await client.end();
    } finally {
      await other.drop();
    }
  });
});
