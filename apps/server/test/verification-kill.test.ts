import { randomUUID } from 'node:crypto';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTrxIdOf } from '../src/api/verification/national-system.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { VerificationRequestRow } from '../src/db/schema.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from '../src/seed/demo.ts';
import { packScan, type PackSpec } from '../src/seed/epcis-builder.ts';
import { scanAndComplete } from '../src/seed/stock-builder.ts';
import {
  DATABASES,
  eventually,
  NO_WEB_BUILD,
  openTestDatabase,
  signIn,
  startServerProcess,
  type ServerProcess,
  type TestDatabase,
} from './harness.ts';
import { NMVS_TEST_CLIENT, pointW2010AtNmvs, simulatorFault } from './verification-fixtures.ts';
import { yymmdd } from '../src/api/verification/verification.service.ts';
import { apiPort, makeCodes, products, stageInbound } from './inventory-fixtures.ts';

/**
 * Issue 28's "a server kill -9 while requests are queued loses none and sends none twice", with a real
 * process and a real SIGKILL (verification-outbox.test.ts shows the resend as an expired lease inside one
 * process). main.ts runs as a child process against the NMVS simulator in this one. Return scans are made
 * while the NMVS is slow (each request applied there, its answer never received: the scan's 200 ms wait
 * runs out) and then down (nothing reaches it); the server is killed with those requests queued and
 * handhelds' scans in flight. A new process on the same database sends every request again with its
 * ClientTrxId once the NMVS is back: each is answered, none applied twice (NMVS_TE_TX_01 for a resent
 * ClientTrxId, decision 0081), every scan a handheld was answered for is on the return, the scans the
 * kill cut off are sent again with their scanId, and every held pack ends in the return's scanned state.
 */

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
const RMA = '6100002891';
const CARTONS = 12;
const PER_CARTON = 10;
/** Scanned at once while the NMVS is slow: fewer than the handhelds' first round takes before any of them falls due for the sender. */
const SLOW_SCANS = 16;
const HANDHELDS = 8;
/** Return scans answered while the NMVS is down before the kill (the rest of the packs are being scanned when it lands, or wait). */
const DOWN_SCANS = 48;
/** Longer than a scan's own lease (VERIFICATION_WAIT_MS 200: 6 s), shorter than the sender's (outbox.ts leaseMs: 95 s). */
const SENDER_LEASE_MS = 30_000;
const RETURNED = { status: 'PENDING', reason: 'RETURNED' };
const PENDING_WARNING =
  /^The NMVS has not answered yet \(.+\): the request is queued and sent again until it is answered\. Until it answers, 1 pack is kept in QUARANTINE \/ PENDING VERIFICATION\.$/;

/** What the NMVS recorded for a pack (GET /_sim/packs/{gtin}/{serial}). */
interface SimHistory {
  at: string;
  code: string;
  clientTrxId: string;
  returnCode: string;
}

/** One scan a handheld sent: its answer, or cut off by the kill. */
interface ScanAttempt {
  pack: PackSpec;
  scanId: string;
  status?: number;
  warnings?: string[];
  interrupted?: boolean;
}

async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.each(DATABASES)('kill -9 of a server process while verification requests are queued (child processes, SIGKILL), on %s', (kind) => {
  let opened: TestDatabase;
  /** This process's own handle on the servers' database: requests and leases as they stand. */
  let reader: DatabaseHandle;
  let nmvs: Nmvs;
  let env: Record<string, string>;
  let packs: PackSpec[];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    nmvs = await startNmvsSimulator({ clients: [NMVS_TEST_CLIENT] });
    opened = await openTestDatabase(kind, {}, 'pharma_kill');
    await migrateToLatest(opened.database.db);
    await seedDemoIfEmpty(opened.database.db);
    // The stock and the return are made in this process (its app closed before a server process opens the database).
    const app = await buildApp({ config: opened.config, database: opened.database });
    await app.ready();
    const admin = (await signIn(app, DEMO_USERS.admin)).headers;
    const rdc = apiPort(app, (await signIn(app, DEMO_USERS.rdc)).headers, 'RDC');
    const all = await products(opened);
    const product = all[0]!;
    // Received and dispatched whole: every pack TRANSIT / DISPATCHED, ready to come back.
    const pallet = makeCodes(2891).pallet(CARTONS, PER_CARTON, product);
    packs = pallet.cartons.flatMap((c) => c.packs);
    await stageInbound(app, admin, '1700002891', { pallets: [pallet] }, all);
    await scanAndComplete(rdc, 'IBD', '1700002891', [pallet]);
    const lines = [{ lineNo: 10, materialNo: product.materialNo, batchNo: product.batch, quantity: packs.length }];
    await apiPort(app, admin).putDocument('OBD', '8100002891', { warehouseNo: 'W2010', date: '2026-11-22', lines });
    await scanAndComplete(rdc, 'OBD', '8100002891', [pallet]);
    await apiPort(app, admin).putDocument('RMA', RMA, { warehouseNo: 'W2010', date: '2026-11-27', lines });
    await pointW2010AtNmvs(app, admin, nmvs.url);
    await app.close();
    nmvs.registry.load(packs.map((p) => ({ gtin: p.gtin, serial: p.serial, batch: p.batch, expiry: yymmdd(p.expiry) })));
    reader = openDatabase(opened.config.database, opened.config.audit.key, { checkpointer: false, connections: 2 });
    const { database } = opened.config;
    env = {
      DATA_DIR: opened.config.dataDir,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET,
      SEED_DEMO: 'false',
      NMVS_SIMULATOR_PORT: 'off',
      VRS_SIMULATOR_PORT: 'off',
      VERIFICATION_WAIT_MS: '200',
      WEB_DIST: NO_WEB_BUILD,
    };
  }, 120_000);
  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    await reader?.close();
    await nmvs?.close();
    await opened?.drop();
  });

  const signInTo = async ({ base }: ServerProcess) => {
    const res = await fetch(`${base}/api/auth-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: DEMO_USERS.rdc, password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { authorization: `Bearer ${((await res.json()) as { jwt: string }).jwt}` };
  };
  /** A handheld's return scan of a pack; a connection the kill cuts off rejects. */
  const scan = async ({ base }: ServerProcess, headers: Record<string, string>, attempt: ScanAttempt) => {
    const res = await fetch(`${base}/api/scanForOperation?area=RDC`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ docType: 'RMA', docNo: RMA, code: packScan(attempt.pack), unit: 'EA', idType: 'GS1', scanId: attempt.scanId }),
    });
    const body = (await res.json()) as { warnings?: string[] };
    return { status: res.status, warnings: body.warnings ?? [] };
  };
  const fault = (mode: 'ok' | 'down' | 'slow', delayMs?: number) => simulatorFault(nmvs, mode, delayMs);
  const history = async (p: PackSpec): Promise<SimHistory[]> => {
    const res = await fetch(`${nmvs.url}/_sim/packs/${p.gtin}/${encodeURIComponent(p.serial)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { history: SimHistory[] }).history;
  };
  const requests = () => reader.db.selectFrom('verification_requests').selectAll().orderBy('requested_at').execute();
  /** Requests the sender of a process took (its lease outlasts a scan's own by far): a kill now leaves them until it runs out. */
  const senderLeases = async () =>
    (
      await reader.db
        .selectFrom('verification_requests')
        .select('id')
        .where('state', '=', 'sending')
        .where('lease_until', '>', new Date(Date.now() + SENDER_LEASE_MS).toISOString())
        .execute()
    ).length;
  const packView = async ({ base }: ServerProcess, headers: Record<string, string>, p: PackSpec) => {
    const res = await fetch(`${base}/api/serialSearch/${encodeURIComponent(packScan(p))}?area=RDC`, { headers });
    expect(res.status).toBe(200);
    const [unit] = ((await res.json()) as { data: { status: string; reason: string }[] }).data;
    return { status: unit!.status, reason: unit!.reason };
  };
  const serialsOf = (row: VerificationRequestRow) => JSON.parse(row.serials_json) as string[];
  const probedWith = (row: VerificationRequestRow) => (JSON.parse(row.answer_json ?? '{}') as { probedWith?: string }).probedWith;

  it('every queued request is answered after the restart, none applied twice by the NMVS, no scan lost, every held pack released', async () => {
    server = await startServerProcess(env);
    let headers = await signInTo(server);

    // The NMVS slow: each request is applied there at once and answered after 30 s, long after the scan stopped waiting.
    await fault('slow', 30_000);
    const slow: ScanAttempt[] = packs.slice(0, SLOW_SCANS).map((pack) => ({ pack, scanId: randomUUID() }));
    const first = server;
    await Promise.all(slow.map(async (a) => Object.assign(a, await scan(first, headers, a))));
    // Down before any of them falls due for the sender (0.5 s after its scan at the soonest): a resend would wait there, under the sender's lease.
    await fault('down');
    for (const a of slow) {
      expect(a.status).toBe(200);
      expect(a.warnings).toEqual([expect.stringMatching(PENDING_WARNING)]);
    }

    // The NMVS down: handhelds scan the rest of the return side by side; the kill lands while they do.
    const waiting = packs.slice(SLOW_SCANS);
    const down: ScanAttempt[] = [];
    let killed = false;
    const handheld = async () => {
      while (!killed && waiting.length > 0) {
        const attempt: ScanAttempt = { pack: waiting.shift()!, scanId: randomUUID() };
        down.push(attempt);
        try {
          Object.assign(attempt, await scan(first, headers, attempt));
        } catch {
          attempt.interrupted = true;
        }
      }
    };
    const handhelds = Array.from({ length: HANDHELDS }, handheld);
    // The kill waits until no request is under the sender's lease (95 s, outbox.ts leaseMs), which would outlast
    // this test; the requests scans are sending themselves (a lease of 6 s) are cut off where they are.
    while (down.filter((a) => a.status !== undefined).length < DOWN_SCANS || (await senderLeases()) > 0) await sleep(5);
    killed = true;
    process.kill(first.child.pid!, 'SIGKILL');
    const killedAt = new Date().toISOString();
    await first.exited;
    await Promise.all(handhelds);
    expect(first.child.signalCode).toBe('SIGKILL');

    const accepted = down.filter((a) => !a.interrupted);
    const interrupted = down.filter((a) => a.interrupted);
    for (const a of accepted) {
      expect(a.status).toBe(200);
      expect(a.warnings).toEqual([expect.stringMatching(PENDING_WARNING)]);
    }
    const atKill = await requests();
    // Every request written before the kill is still waiting: queued, or in the middle of a scan's own send.
    expect(atKill.filter((r) => r.state !== 'queued' && r.state !== 'sending')).toEqual([]);
    expect(atKill.length).toBeGreaterThanOrEqual(SLOW_SCANS + accepted.length);
    const stuck = atKill.filter(
      (r) => r.state === 'sending' && r.lease_until! > new Date(Date.parse(killedAt) + SENDER_LEASE_MS).toISOString(),
    );
    // What the NMVS applied before the kill and never answered: sent again after it.
    const appliedBefore = new Set<string>();
    for (const a of slow) {
      if ((await history(a.pack)).some((h) => h.returnCode === 'NMVS_SUCCESS' && h.at < killedAt)) appliedBefore.add(a.pack.serial);
    }
    expect(appliedBefore.size).toBeGreaterThan(0);

    // The NMVS back, a new process on the same database.
    await fault('ok');
    const restartedAt = Date.now();
    server = await startServerProcess(env);
    headers = await signInTo(server);
    // The scans the kill cut off, sent again with their scanId as a handheld does: one that committed before
    // the kill is answered as it was and asks nothing again; one that did not is scanned now.
    const committed = new Set<string>();
    for (const a of interrupted) {
      if ((await packView(server, headers, a.pack)).status !== 'TRANSIT') committed.add(a.pack.serial);
      const again = await scan(server, headers, a);
      expect(again.status).toBe(200);
    }

    const settled = await eventually(
      async () => {
        const rows = await requests();
        return rows.every((r) => r.state === 'answered') ? rows : undefined;
      },
      // A request the sender held at the kill (there should be none) waits for its lease to run out.
      stuck.length > 0 ? 150_000 : 60_000,
    );
    const settledIn = Date.now() - restartedAt;
    for (const row of settled) expect(row, row.message ?? '').toMatchObject({ state: 'answered', outcome: 'verified' });
    // Those applied before the kill were answered NMVS_TE_TX_01 when sent again, and their pack read with a G110.
    for (const row of settled.filter((r) => appliedBefore.has(serialsOf(r)[0]!))) {
      expect(probedWith(row), row.id).toBeDefined();
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    }

    // Every pack scanned, once each: one request, or a second one for a scan the kill cut off before it committed.
    const scanned = [...slow, ...accepted, ...interrupted].map((a) => a.pack);
    const cutOff = new Set(interrupted.filter((a) => !committed.has(a.pack.serial)).map((a) => a.pack.serial));
    for (const p of scanned) {
      const mine = settled.filter((r) => r.gtin === p.gtin && serialsOf(r).includes(p.serial));
      expect(mine.length, p.serial).toBeGreaterThanOrEqual(1);
      expect(mine.length, p.serial).toBeLessThanOrEqual(cutOff.has(p.serial) ? 2 : 1);
      // The NMVS applied each request once, under its ClientTrxId; what it met again under that id it answered
      // NMVS_TE_TX_01 and did not apply; nothing else reached it but the verifies that read the pack after such an answer.
      const seen = await history(p);
      expect(seen.every((h) => h.code === 'G110')).toBe(true);
      for (const r of mine) {
        const own = seen.filter((h) => h.clientTrxId === clientTrxIdOf(r.id)).map((h) => h.returnCode);
        expect(own, `${p.serial}: request ${r.id}`).toEqual(['NMVS_SUCCESS', ...own.slice(1).map(() => 'NMVS_TE_TX_01')]);
        expect(probedWith(r) !== undefined).toBe(own.length > 1);
      }
      const ids = new Set(mine.map((r) => clientTrxIdOf(r.id)));
      const reads = seen.filter((h) => !ids.has(h.clientTrxId)).map((h) => `${h.clientTrxId} ${h.returnCode}`);
      expect(reads.sort()).toEqual(
        mine
          .map(probedWith)
          .filter((id) => id !== undefined)
          .map((id) => `${id} NMVS_SUCCESS`)
          .sort(),
      );
      // Released from PENDING VERIFICATION into the return's scanned state.
      expect(await packView(server, headers, p), p.serial).toEqual(RETURNED);
    }

    // No scan lost: every pack scanned is counted on the return; the Verification page shows nothing pending.
    const details = await fetch(`${server.base}/api/rmaNo/${RMA}?area=RDC`, { headers });
    expect(details.status).toBe(200);
    const { data } = (await details.json()) as { data: { scannedQuantity: number }[] };
    expect(data.reduce((n, line) => n + line.scannedQuantity, 0)).toBe(scanned.length);
    const pending = await fetch(`${server.base}/api/verificationRequests?area=RDC&outcome=pending`, { headers });
    expect(((await pending.json()) as { data: unknown[] }).data).toEqual([]);
    console.info(
      `[${kind}] killed with ${atKill.length} requests waiting (${atKill.filter((r) => r.state === 'sending').length} being sent, ` +
        `${stuck.length} under the sender's lease), ${appliedBefore.size} applied by the NMVS and unanswered, ${interrupted.length} scans cut off ` +
        `(${committed.size} committed); all answered ${(settledIn / 1000).toFixed(1)} s after the restart began`,
    );

    await stopServer(server, 'SIGTERM');
  }, 240_000);
});
