/**
 * Pack verification against the national systems (issue 28, decision 0081), on SQLite (and PostgreSQL
 * when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, scan-server.ts), against the NMVS simulator run
 * in this process on a loopback port:
 * - what verification adds to a return scan's p99: single-pack return scans over real HTTP, one handheld,
 *   onto a return of W2010 (the NMVS set through PUT /api/integration/warehouses/W2010: every scan
 *   waits for its G110) and onto a return of a second regional warehouse without a national system,
 *   in turns, so both meet the same load of the shared machine;
 * - a bulk decommission of 4,800 packs of one batch (G135, then G188 until its result is answered),
 *   written and sent as the server sends one (VerificationService.submit: the outbox row written, sent,
 *   the answer of 4,800 packs written with its audit row), the median of ROUNDS batches. Its baseline is
 *   the bulk verify (G115) of the same 4,800 packs just before, by the same path: the same sizes on the
 *   wire and in the outbox, the same G188 polling, so the ratio is what decommissioning itself costs
 *   and the baseline is the floor any 4,800-pack request pays.
 * The returned packs are written straight into the database as a completed dispatch leaves them
 * (TRANSIT / DISPATCHED), and loaded into the simulator's registry as active.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startNmvsSimulator } from '@pharma/national-systems/simulator';
import { sql, type Insertable } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { HandlingUnitsTable } from '../../apps/server/src/db/schema.ts';
import { DEFAULT_OUTBOX } from '../../apps/server/src/api/verification/outbox.ts';
import { VerificationService, yymmdd, type NewRequest } from '../../apps/server/src/api/verification/verification.service.ts';
import { DEMO_USERS } from '../../apps/server/src/seed/demo.ts';
import { CodeMaker, packScan, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor } from '../../apps/server/src/seed/stock-builder.ts';
import { loadTest, onEachDatabase, percentile, round, type BenchServer } from './scan-server.ts';

/**
 * Measured return scans of each kind (verified, not), and the warm-up's of each before them. A p99 of
 * 300 is the fourth slowest: one burst of another process's work moves it by tens of ms on two cores.
 */
const SCANS = Number(process.env.BENCH_VERIFY_SCANS ?? 1000);
const SCAN_WARM_UP = 100;
const ADDED_P99_LIMIT_MS = 20;
/** Bulk decommissions measured (each of its own batch), after one not measured. */
const ROUNDS = 3;
const BULK_PACKS = 4800;
const BULK_LIMIT_MS = 2000;
const NMVS_CLIENT = { clientLoginId: 'WH2010', userId: 'RDC-USER', password: 'nmvs-pass-2010' };
/** A regional warehouse without a national system, for the baseline's returns. */
const PLAIN_WAREHOUSE = 'W2090';
/** The warehouse the bulk decommissions are sent for: its connection sealed under this bench's own key (see bulkFigure). */
const SCRAP_WAREHOUSE = 'W2091';
/** A bulk request's wait, as the outbox's sender waits: the figure is how long it takes, not whether a scan's 2 s holds it. */
const SENDER_TIMING = DEFAULT_OUTBOX.timing;

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const nmvs = await startNmvsSimulator({ clients: [NMVS_CLIENT] });
  try {
    await addWarehouses(s.database, [PLAIN_WAREHOUSE, SCRAP_WAREHOUSE]);
    return [await scanFigure(s, nmvs), await bulkFigure(s, nmvs)];
  } finally {
    await nmvs.close();
  }
}

type Nmvs = Awaited<ReturnType<typeof startNmvsSimulator>>;

/** As the simulator's registry takes a pack: expiry as YYMMDD. */
const asRegistered = (p: PackSpec) => ({ gtin: p.gtin, serial: p.serial, batch: p.batch, expiry: yymmdd(p.expiry) });

/** 1. Return scans with and without verification, in turns, one client: the p99s' difference. */
async function scanFigure(s: BenchServer, nmvs: Nmvs): Promise<BenchRow> {
  const product = { ...s.materials[0]!, batch: 'RETV01', expiry: '2028-12-31' };
  // A seed of its own: serials apart from the other benches'.
  const codes = new CodeMaker(28, '6');
  const verified = codes.packs(SCAN_WARM_UP + SCANS, product);
  const plain = codes.packs(SCAN_WARM_UP + SCANS, product);
  await putDispatched(s.database, [...verified, ...plain]);
  nmvs.registry.load(verified.map(asRegistered));
  await setNmvs(s, 'W2010', '5', nmvs);
  await putDocumentFor(s.port, 'RMA', '8990002801', verified, s.materials, { warehouseNo: 'W2010' });
  await putDocumentFor(s.port, 'RMA', '8990002802', plain, s.materials, { warehouseNo: PLAIN_WAREHOUSE });

  // Even requests onto the verified return, odd onto the plain one; the first of each not measured.
  const scan = (docNo: string, p: PackSpec) => ({
    path: '/api/scanForOperation',
    body: { docType: 'RMA', docNo, code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
  });
  const requests = verified.flatMap((p, i) => [scan('8990002801', p), scan('8990002802', plain[i]!)]);
  const load = await loadTest(s.address, s.rdc, 1, requests);
  if ((load.statuses['200'] ?? 0) !== requests.length) throw new Error(`return scan statuses ${JSON.stringify(load.statuses)}`);
  // Every verified scan asked the NMVS once, and it verified the pack.
  const unasked = verified.filter(
    (p) =>
      nmvs.registry
        .read(p.gtin, p.serial)
        ?.history.map((h) => `${h.code} ${h.returnCode}`)
        .join() !== 'G110 NMVS_SUCCESS',
  );
  if (unasked.length > 0) throw new Error(`${unasked.length} returned packs were not verified once by the NMVS`);

  const measured = (parity: number) => load.latencies.filter((_, i) => i % 2 === parity).slice(SCAN_WARM_UP);
  const [withVerification, without] = [measured(0), measured(1)];
  const p99 = percentile(withVerification, 0.99);
  const baseline = percentile(without, 0.99);
  const added = p99 - baseline;
  const p50 = (values: number[]) => round(percentile(values, 0.5));
  return {
    name:
      `${s.kind}: return scan p99 added by NMVS verification, ${SCANS} scans each in turns, one client ` +
      `(p99 ${round(p99)} ms verified; p50 ${p50(withVerification)} ms verified, ${p50(without)} ms not)`,
    value: round(added),
    unit: 'ms',
    baseline: { name: 'p99 without a national system ms', value: round(baseline) },
    ratio: added / baseline,
    target: `< ${ADDED_P99_LIMIT_MS} ms added`,
    pass: added < ADDED_P99_LIMIT_MS,
  };
}

/**
 * 2. Bulk decommissions of 4,800 packs, each after the bulk verify of the same packs. They are sent by
 * a VerificationService of the bench's own on the app's database, as a workflow's `submit` sends one:
 * the app's sender never takes a request while its lease is held. Its connection is sealed under the
 * bench's own key, for a warehouse of its own, so the app's connections stay as they are.
 */
async function bulkFigure(s: BenchServer, nmvs: Nmvs): Promise<BenchRow> {
  const { db } = s.database;
  const service = new VerificationService(
    db,
    randomBytes(32),
    // A fault of ours while sending fails the bench rather than being retried unseen.
    (error) => {
      throw error;
    },
    { syncTiming: SENDER_TIMING, outbox: DEFAULT_OUTBOX },
  );
  const admin = await db.selectFrom('users').select('id').where('email', '=', DEMO_USERS.admin).executeTakeFirstOrThrow();
  await service.settings.apply(
    db,
    admin.id,
    { warehouseNo: SCRAP_WAREHOUSE, gln: null },
    { system: 'NMVS', url: nmvs.url, clientId: NMVS_CLIENT.clientLoginId, user: NMVS_CLIENT.userId, secret: NMVS_CLIENT.password },
  );
  const codes = new CodeMaker(135, '7');
  const batches = Array.from({ length: 1 + ROUNDS }, (_, i) =>
    codes.packs(BULK_PACKS, { ...s.materials[0]!, batch: `SCRAP0${i}`, expiry: '2028-12-31' }),
  );
  nmvs.registry.load(batches.flat().map(asRegistered));

  const send = async (operation: 'verify' | 'destroy', packs: PackSpec[]) => {
    const request: NewRequest = {
      warehouseNo: SCRAP_WAREHOUSE,
      system: 'NMVS',
      operation,
      kind: 'bulk',
      purpose: operation === 'destroy' ? 'scrap' : 'on-demand',
      product: { gtin: packs[0]!.gtin, batch: packs[0]!.batch, expiry: yymmdd(packs[0]!.expiry) },
      serials: packs.map((p) => p.serial),
      unitId: null,
      documentId: null,
      refRequestId: null,
      requestedBy: admin.id,
    };
    const started = performance.now();
    const row = await service.submit(request);
    const ms = performance.now() - started;
    if (row.state !== 'answered' || row.outcome !== 'verified' || row.pack_count !== BULK_PACKS)
      throw new Error(`bulk ${operation}: ${row.state} ${row.outcome} ${row.message}`);
    return ms;
  };
  const verifies: number[] = [];
  const destroys: number[] = [];
  for (const [i, packs] of batches.entries()) {
    const verify = await send('verify', packs);
    const destroy = await send('destroy', packs);
    // The first batch warms the path up (compiled code, the simulator's first job): not measured.
    if (i > 0) {
      verifies.push(verify);
      destroys.push(destroy);
    }
  }
  const destroyed = batches.flat().filter((p) => nmvs.registry.read(p.gtin, p.serial)?.reasons.join() !== 'DESTROYED');
  if (destroyed.length > 0) throw new Error(`${destroyed.length} packs are not DESTROYED in the NMVS`);

  const destroyMs = percentile(destroys, 0.5);
  const verifyMs = percentile(verifies, 0.5);
  return {
    name:
      `${s.kind}: bulk decommission of 4,800 packs (G135 until its G188 result, outbox row and answer written), ` +
      `median of ${ROUNDS} (slowest ${round(Math.max(...destroys))} ms)`,
    value: round(destroyMs),
    unit: 'ms',
    baseline: { name: 'bulk verify (G115) of the same packs ms', value: round(verifyMs) },
    ratio: destroyMs / verifyMs,
    target: `< ${BULK_LIMIT_MS.toLocaleString('en')} ms`,
    pass: destroyMs < BULK_LIMIT_MS,
  };
}

/** Sets the warehouse's national system to the simulator, as the ERP's integration does. */
async function setNmvs(s: BenchServer, warehouseNo: string, extensionDigit: string, nmvs: Nmvs): Promise<void> {
  const res = await fetch(`${s.address}/api/integration/warehouses/${warehouseNo}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${s.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      gs1CompanyPrefix: '0614141',
      extensionDigit,
      printers: [],
      verification: {
        system: 'NMVS',
        url: nmvs.url,
        clientId: NMVS_CLIENT.clientLoginId,
        user: NMVS_CLIENT.userId,
        secret: NMVS_CLIENT.password,
      },
    }),
  });
  if (res.status !== 200) throw new Error(`warehouse setup ${res.status} ${await res.text()}`);
}

/** Regional warehouses besides the demo's W2010. */
async function addWarehouses(database: DatabaseHandle, numbers: string[]): Promise<void> {
  await database.db
    .insertInto('warehouses')
    .values(
      numbers.map((warehouseNo) => ({
        warehouse_no: warehouseNo,
        name: `Benchmark ${warehouseNo}`,
        area: 'RDC' as const,
        plant: warehouseNo.slice(1),
        sales_org: 'SG10',
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
}

/** Loose packs as a completed dispatch from W2010 leaves them: TRANSIT / DISPATCHED, ready to come back. */
async function putDispatched(database: DatabaseHandle, packs: PackSpec[]): Promise<void> {
  const { db } = database;
  const at = '2026-11-22T00:00:00.000Z';
  const materials = await db.selectFrom('materials').select(['material_no', 'gtin']).execute();
  const materialOf = (gtin: string) => materials.find((m) => m.gtin === gtin)!.material_no;
  const rows: Insertable<HandlingUnitsTable>[] = packs.map((p, i) => ({
    id: `returned${i}`,
    type: 'EA',
    sscc: null,
    gtin: p.gtin,
    serial: p.serial,
    parent_id: null,
    material_no: materialOf(p.gtin),
    batch_no: p.batch,
    expiry: p.expiry,
    status: 'TRANSIT',
    reason: 'DISPATCHED',
    warehouse_no: 'W2010',
    created_at: at,
    updated_at: at,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('handling_units')
      .values(rows.slice(i, i + 1000))
      .execute();
  if (database.kind === 'postgres') await sql`ANALYZE handling_units`.execute(db);
}
