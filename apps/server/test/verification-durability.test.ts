import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX } from '../src/api/verification/outbox.ts';
import { VerificationService, type NewRequest, yymmdd } from '../src/api/verification/verification.service.ts';
import { DEMO_USERS } from '../src/seed/demo.ts';
import { DATABASES, signIn, startTestApp, type TestApp } from './harness.ts';
import { NMVS_TEST_CLIENT, pointW2010AtNmvs } from './verification-fixtures.ts';

/**
 * Which verification writes wait for the disk on PostgreSQL (issue 28, decision 0081 "Bench (step 3)"):
 * a verify changes nothing at the national system, so its request, and its answer when the pack is
 * verified, commit without waiting for the WAL flush (the scan's own commit that follows takes them to
 * the disk). A refusal (it quarantines packs, it keeps an alert) and every decommission still wait.
 * A trigger on the outbox records synchronous_commit as each write's transaction has it. SQLite has no
 * such setting per transaction: its commits all wait, and this file runs on PostgreSQL only.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;

describe.runIf(DATABASES.includes('postgres'))('which verification writes wait for the disk, on postgres', () => {
  let t: TestApp;
  let nmvs: Nmvs;
  let service: VerificationService;
  let userId: string;
  let product: { gtin: string; batch: string; expiry: string };
  let serials: string[];

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    t = await startTestApp('postgres');
    const admin = (await signIn(t.app, DEMO_USERS.admin)).headers;
    userId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: admin })).json().user.id;
    await pointW2010AtNmvs(t.app, admin, nmvs.url);
    const packs = await t.database.db
      .selectFrom('handling_units')
      .select(['gtin', 'serial', 'batch_no', 'expiry'])
      .where('warehouse_no', '=', 'W2010')
      .where('type', '=', 'EA')
      .orderBy('serial')
      .execute();
    const first = packs[0]!;
    product = { gtin: first.gtin!, batch: first.batch_no!, expiry: yymmdd(first.expiry!) };
    serials = packs.filter((p) => p.gtin === first.gtin && p.batch_no === first.batch_no).map((p) => p.serial!);
    // The NMVS knows every pack but the last.
    nmvs.registry.load(serials.slice(0, -1).map((serial) => ({ ...product, serial })));
    service = new VerificationService(
      t.database.db,
      t.config.audit.key,
      (error) => {
        throw error;
      },
      { syncTiming: { timeoutMs: 2000, bulkWaitMs: 2000 }, outbox: DEFAULT_OUTBOX },
    );
    await sql`CREATE TABLE commit_probe (seq bigserial PRIMARY KEY, request_id text, op text, state text, synchronous_commit text)`.execute(
      t.database.db,
    );
    await sql`CREATE FUNCTION probe_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO commit_probe (request_id, op, state, synchronous_commit)
          VALUES (NEW.id, TG_OP, NEW.state, current_setting('synchronous_commit'));
        RETURN NEW;
      END $$`.execute(t.database.db);
    await sql`CREATE TRIGGER probe_commit AFTER INSERT OR UPDATE ON verification_requests
      FOR EACH ROW EXECUTE FUNCTION probe_commit()`.execute(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await nmvs?.close();
  });

  const ask = (request: Pick<NewRequest, 'operation' | 'serials'> & Partial<Pick<NewRequest, 'purpose'>>) =>
    service.submit({
      warehouseNo: 'W2010',
      system: 'NMVS',
      kind: 'single',
      purpose: request.operation === 'verify' ? 'return-scan' : 'scrap',
      product,
      unitId: null,
      documentId: null,
      refRequestId: null,
      requestedBy: userId,
      ...request,
    });
  const writes = async (id: string) =>
    (
      await sql<{ op: string; state: string; synchronous_commit: string }>`
        SELECT op, state, synchronous_commit FROM commit_probe WHERE request_id = ${id} ORDER BY seq`.execute(t.database.db)
    ).rows.map((r) => [r.op, r.state, r.synchronous_commit]);

  it('a verify on demand: its answer is read by a user, so its request and its answer wait for the disk', async () => {
    const row = await ask({ operation: 'verify', serials: [serials[2]!], purpose: 'on-demand' });
    expect(row).toMatchObject({ state: 'answered', outcome: 'verified', return_code: 'NMVS_SUCCESS' });
    expect(await writes(row.id)).toEqual([
      ['INSERT', 'sending', 'on'],
      ['UPDATE', 'answered', 'on'],
    ]);
  });

  it('a verify of a return scan: the NMVS verifies: its request and its answer commit without waiting for the disk', async () => {
    const row = await ask({ operation: 'verify', serials: [serials[0]!] });
    expect(row).toMatchObject({ state: 'answered', outcome: 'verified', return_code: 'NMVS_SUCCESS' });
    expect(await writes(row.id)).toEqual([
      ['INSERT', 'sending', 'off'],
      ['UPDATE', 'answered', 'off'],
    ]);
  });

  it('a verify of a return scan: the NMVS refuses with an alert: its answer waits for the disk', async () => {
    const row = await ask({ operation: 'verify', serials: [serials.at(-1)!] });
    expect(row).toMatchObject({ state: 'answered', outcome: 'alert', return_code: 'NMVS_NC_PC_02' });
    expect(row.alert_id).toMatch(/^NMVS-ALERT-/);
    expect(await writes(row.id)).toEqual([
      ['INSERT', 'sending', 'off'],
      ['UPDATE', 'answered', 'on'],
    ]);
  });

  it('a decommission (G130): its request waits for the disk before it is sent, and its answer too', async () => {
    const row = await ask({ operation: 'destroy', serials: [serials[1]!] });
    expect(row).toMatchObject({ state: 'answered', outcome: 'verified', return_code: 'NMVS_SUCCESS' });
    expect(nmvs.registry.read(product.gtin, serials[1]!)).toMatchObject({ state: 'INACTIVE', reasons: ['DESTROYED'] });
    expect(await writes(row.id)).toEqual([
      ['INSERT', 'sending', 'on'],
      ['UPDATE', 'answered', 'on'],
    ]);
  });
});
