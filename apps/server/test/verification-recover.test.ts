import { randomUUID } from 'node:crypto';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX } from '../src/api/verification/outbox.ts';
import { VerificationService, yymmdd } from '../src/api/verification/verification.service.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { ZodApp } from '../src/lib/zod-app.ts';
import { DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { packScan, type PalletSpec } from '../src/seed/epcis-builder.ts';
import { scanAndComplete } from '../src/seed/stock-builder.ts';
import { DATABASES, eventually, openTestDatabase, signIn, type TestDatabase } from './harness.ts';
import { NMVS_TEST_CLIENT, pointW2010AtNmvs, simulatorFault } from './verification-fixtures.ts';
import { apiPort, makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * A return scan's answer written by the sender while the scan's transaction was still open cannot see the
 * pack the scan holds; the scan applies it once it commits (scan-verification.ts, `afterScan`). A process
 * that stops between the two leaves the answer written and the pack held: the next start applies it
 * (`recover`), or the pack would stay in QUARANTINE / PENDING VERIFICATION for good (issue 28).
 */

describe.each(DATABASES)('an answer written but not applied when the server stopped, on %s', (kind) => {
  let opened: TestDatabase;
  let nmvs: Awaited<ReturnType<typeof startNmvsSimulator>>;
  let pallet: PalletSpec;

  /** The handle of the server running, which closes it with itself. */
  let database: DatabaseHandle;
  const packState = (serial: string) =>
    database.db
      .selectFrom('handling_units')
      .select(['status', 'reason'])
      .where('serial', '=', serial)
      .where('type', '=', 'EA')
      .executeTakeFirstOrThrow();
  const fault = (mode: 'ok' | 'down') => simulatorFault(nmvs, mode);

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    opened = await openTestDatabase(kind);
    await migrateToLatest(opened.database.db);
    await seedDemoIfEmpty(opened.database.db);
  });
  afterAll(async () => {
    await opened?.drop();
    await nmvs?.close();
  });

  it('is applied at the next start: the held packs take the state their scan would have given them, or VERIFICATION FAILED', async () => {
    database = opened.database;
    let app: ZodApp = await buildApp({ config: opened.config, database });
    const admin = (await signIn(app, DEMO_USERS.admin)).headers;
    const rdc = (await signIn(app, DEMO_USERS.rdc)).headers;
    const all = await products({ database });
    const product = all[0]!;
    pallet = makeCodes(2029).pallet(1, 3, product);
    const port = apiPort(app, admin);
    await stageInbound(app, admin, '1700002901', { pallets: [pallet] }, all);
    await scanAndComplete(apiPort(app, rdc, 'RDC'), 'IBD', '1700002901', [pallet]);
    const lines = [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: 3 }];
    await port.putDocument('OBD', '8100002901', { warehouseNo: 'W2010', date: '2026-11-27', lines });
    await scanAndComplete(apiPort(app, rdc, 'RDC'), 'OBD', '8100002901', [pallet]);
    await port.putDocument('RMA', '6100002901', { warehouseNo: 'W2010', date: '2026-11-27', lines });
    await pointW2010AtNmvs(app, admin, nmvs.url);
    const [known, alsoKnown, unknown] = pallet.cartons[0]!.packs as [PackSpecOf, PackSpecOf, PackSpecOf];
    await nmvs.registry.load([known, alsoKnown].map((p) => ({ gtin: p.gtin, serial: p.serial, batch: p.batch, expiry: yymmdd(p.expiry) })));

    // The NMVS down: each scan is accepted, its pack held until the answer.
    await fault('down');
    for (const p of [known, alsoKnown, unknown]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/scanForOperation?area=RDC',
        headers: rdc,
        payload: { docType: 'RMA', docNo: '6100002901', code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await app.close();

    // The answers are written by a sender whose process then stops before they reach the packs: a
    // sender without the return scans' handler, as that process was between the two.
    const reopened = openDatabase(opened.config.database, opened.config.audit.key);
    const orphan = new VerificationService(
      reopened.db,
      opened.config.audit.key,
      (error) => {
        throw error;
      },
      { syncTiming: { timeoutMs: 2000, bulkWaitMs: 2000 }, outbox: DEFAULT_OUTBOX },
    );
    await fault('ok');
    // Due again at once: the scans' own attempts failed, so each waits out its backoff.
    await reopened.db
      .updateTable('verification_requests')
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    orphan.outbox.start();
    await eventually(async () => {
      const rows = await reopened.db.selectFrom('verification_requests').select('state').execute();
      return rows.length === 3 && rows.every((r) => r.state === 'answered') ? rows : undefined;
    }, 30_000);
    await orphan.outbox.stop();
    database = reopened;
    for (const p of [known, alsoKnown, unknown])
      expect(await packState(p.serial)).toEqual({ status: 'QUARANTINE', reason: 'PENDING VERIFICATION' });
    await reopened.close();

    // The next start applies them, before its sender starts.
    database = openDatabase(opened.config.database, opened.config.audit.key);
    app = await buildApp({ config: opened.config, database });
    for (const p of [known, alsoKnown]) expect(await packState(p.serial)).toEqual({ status: 'PENDING', reason: 'RETURNED' });
    expect(await packState(unknown.serial)).toEqual({ status: 'QUARANTINE', reason: 'VERIFICATION FAILED' });
    await app.close();
  }, 120_000);
});

type PackSpecOf = PalletSpec['cartons'][number]['packs'][number];
