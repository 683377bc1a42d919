/**
 * A batch put on hold (issue 30) on SQLite (and PostgreSQL when TEST_DATABASE_URL or BENCH_DATABASE_URL
 * is set, scan-server.ts), over real HTTP:
 * - the time to hold a batch of 100,000 packs in pallets, cartons and loose over both warehouses, and
 *   to release it again (`PUT /api/batches/{m}/{b}/status`), the median of HOLDS each, beside the raw
 *   driver's count of the batch's units per warehouse (what an answer must at least read);
 * - the p99 of single-pack dispatch scans of other batches by SCAN_CLIENTS clients while holds and
 *   releases of the big batch run one after another (CHANGE_GAP_MS apart), then while the batch is held
 *   and nothing else runs, beside the same scans' p99 with no hold. Half the scans are of another
 *   material; half of a later batch of the held batch's own material, so that first expiry, first
 *   out meets the held batch first (it expires first) and must pass over its 50,000 packs in the
 *   warehouse while it is held.
 * The stock is written straight into the database as a completed receipt leaves it (ACTIVE /
 * WAREHOUSE RECEIVED). The big batch is never recalled: a recall is final.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/database.ts';
import type { HandlingUnitsTable } from '../../apps/server/src/db/schema.ts';
import { CodeMaker, packScan, type PackSpec } from '../../apps/server/src/seed/epcis-builder.ts';
import { putDocumentFor, type StockUnit } from '../../apps/server/src/seed/stock-builder.ts';
import { WARM_UP, loadTest, onEachDatabase, percentile, round, type BenchServer } from './scan-server.ts';

/** Holds and releases timed with nothing else running: the median of each. */
const HOLDS = 3;
/** Scans measured in each phase (with no hold, during holds, while held), half of each material... */
const PHASE_SCANS = Number(process.env.BENCH_HOLD_SCANS ?? 4000);
/** ... or as many as PHASE_MS allows (scans a hold blocks must not make the benchmark last minutes), in rounds of ROUND. */
const PHASE_MS = 10_000;
/**
 * Concurrent scanning clients. Fewer than the scan benchmarks' 50: on a machine of two cores 50
 * clients queue to a p99 over 50 ms with no hold at all, and the hold's own effect is lost in the queue.
 */
const SCAN_CLIENTS = Number(process.env.BENCH_HOLD_CLIENTS ?? 10);
const ROUND = 20 * SCAN_CLIENTS;
/**
 * The pause between two changes while scans run: enough for the scans one change held up to go
 * through (else a scan can wait behind several changes in a row), short enough that scans meeting a
 * change stay well over 1% of all (a client makes one scan during a change, ten or more between two).
 */
const CHANGE_GAP_MS = 100;
const HOLD_LIMIT_MS = 2000;
const P99_LIMIT_MS = 50;
/** Per warehouse: pallets of 20 cartons x 100 packs, loose cartons of 100 and loose packs, 50,000 packs in all. */
const PER_WAREHOUSE = { pallets: 24, cartons: 19, packs: 100 };
const WAREHOUSES = ['W2010', 'W3010'] as const;
const REASON = 'Benchmark: quality hold';

export function run(): Promise<BenchRow[]> {
  return onEachDatabase(bench);
}

async function bench(s: BenchServer): Promise<BenchRow[]> {
  const [material, other] = [s.materials[0]!, s.materials[1]!];
  // The held batch expires before every demo batch and the scanned one, so first expiry, first out finds it first.
  const held = { ...material, batch: 'HOLD01', expiry: '2026-12-31' };
  const codes = new CodeMaker(97, '4');
  const big: StockUnit[] = WAREHOUSES.map(() => [
    ...Array.from({ length: PER_WAREHOUSE.pallets }, () => codes.pallet(20, 100, held)),
    ...Array.from({ length: PER_WAREHOUSE.cartons }, () => codes.carton(100, held)),
    ...codes.packs(PER_WAREHOUSE.packs, held),
  ]).flat();
  const half = big.length / 2;
  const sameMaterial = codes.packs(WARM_UP / 2 + 3 * (PHASE_SCANS / 2 + ROUND), { ...material, batch: 'HOLD02', expiry: '2028-12-31' });
  const otherMaterial = codes.packs(WARM_UP / 2 + 3 * (PHASE_SCANS / 2 + ROUND), { ...other, batch: 'HOLDX1', expiry: '2028-12-31' });
  await putInStock(s.database, [
    ...big.slice(0, half).map((unit) => ({ unit, warehouseNo: WAREHOUSES[0] })),
    ...big.slice(half).map((unit) => ({ unit, warehouseNo: WAREHOUSES[1] })),
    ...[...sameMaterial, ...otherMaterial].map((unit) => ({ unit, warehouseNo: WAREHOUSES[0] })),
  ]);
  await putDocumentFor(s.port, 'OBD', '8990000030', [...otherMaterial, ...sameMaterial], s.materials);

  const setStatus = statusSetter(s, held);
  // Scans of the two materials in turns (even requests: the other material; odd: the held batch's), each pack once.
  let next = 0;
  const scanRound = async (count: number) => {
    const requests = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? otherMaterial : sameMaterial)[next + Math.floor(i / 2)]!).map(
      (p) => ({
        path: '/api/scanForOperation',
        body: { docType: 'OBD', docNo: '8990000030', code: packScan(p), unit: 'EA', idType: 'GS1', scanId: randomUUID() },
      }),
    );
    next += count / 2;
    const load = await loadTest(s.address, s.rdc, SCAN_CLIENTS, requests);
    if ((load.statuses['200'] ?? 0) !== count) throw new Error(`scan statuses ${JSON.stringify(load.statuses)}`);
    return load.latencies;
  };
  // A phase: rounds of ROUND scans until PHASE_SCANS, or until PHASE_MS have passed (a slow phase ends early).
  const scanPhase = async () => {
    const latencies: number[] = [];
    const started = performance.now();
    while (latencies.length < PHASE_SCANS && performance.now() - started < PHASE_MS) latencies.push(...(await scanRound(ROUND)));
    const p99 = (parity: number) =>
      percentile(
        latencies.filter((_, i) => i % 2 === parity),
        0.99,
      );
    return { scans: latencies.length, other: p99(0), same: p99(1) };
  };

  // Warm-up (not measured): compiled code paths, prepared statements, connections.
  await scanRound(WARM_UP);

  // 1. Holds and releases with nothing else running.
  const holds: number[] = [];
  const releases: number[] = [];
  let answer: { units: number; warehouses: string[] } | undefined;
  for (let i = 0; i < HOLDS; i++) {
    const hold = await setStatus('ON_HOLD');
    holds.push(hold.ms);
    answer = hold.body;
    releases.push((await setStatus('RELEASED')).ms);
  }
  // Every pack, carton and pallet of the batch.
  const unitsIn = (u: StockUnit): number =>
    1 + ('cartons' in u ? u.cartons.reduce((n, c) => n + unitsIn(c), 0) : 'packs' in u ? u.packs.length : 0);
  const expected = big.reduce((n, u) => n + unitsIn(u), 0);
  if (answer?.units !== expected || answer.warehouses.length !== WAREHOUSES.length)
    throw new Error(`the hold covers ${JSON.stringify(answer)}, not ${expected} units in ${WAREHOUSES.length} warehouses`);
  const rawCount = await rawCountMs(s, held);

  // 2. Scans of other batches: with no hold; while holds and releases run one after another; while the batch is held.
  const quiet = await scanPhase();
  // The changes end with the phase's time too, so that a round they slow down ends soon after.
  let scanning = true;
  const changes: number[] = [];
  const changesStarted = performance.now();
  const changing = (async () => {
    const going = () => scanning && performance.now() - changesStarted < PHASE_MS;
    for (let hold = true; going() || !hold; hold = !hold) {
      changes.push((await setStatus(hold ? 'ON_HOLD' : 'RELEASED')).ms);
      await sleep(CHANGE_GAP_MS);
    }
  })();
  const during = await scanPhase().finally(() => (scanning = false));
  await changing;
  await setStatus('ON_HOLD');
  const heldPhase = await scanPhase();
  await setStatus('RELEASED');

  const units = `${expected.toLocaleString('en')} units in ${WAREHOUSES.length} warehouses`;
  const statusRow = (what: string, times: number[]): BenchRow => {
    const ms = percentile(times, 0.5);
    return {
      name: `${s.kind}: ${what} a batch of 100,000 packs (${units}), median of ${HOLDS} (slowest ${round(Math.max(...times))} ms)`,
      value: round(ms),
      unit: 'ms',
      baseline: { name: "raw count of the batch's units per warehouse ms", value: round(rawCount) },
      ratio: ms / rawCount,
      target: `< ${HOLD_LIMIT_MS.toLocaleString('en')} ms`,
      pass: ms < HOLD_LIMIT_MS,
    };
  };
  const p99Row = (what: string, phase: { scans: number }, p99: number, baseline: number): BenchRow => ({
    name: `${s.kind}: scan p99, ${what} (${phase.scans.toLocaleString('en')} scans, ${SCAN_CLIENTS} clients)`,
    value: round(p99),
    unit: 'ms',
    baseline: { name: 'same scans with no hold, p99 ms', value: round(baseline) },
    ratio: p99 / baseline,
    target: `< ${P99_LIMIT_MS} ms`,
    pass: p99 < P99_LIMIT_MS,
  });
  const back = `${changes.length} holds and releases ${CHANGE_GAP_MS} ms apart (median ${round(percentile(changes, 0.5))} ms)`;
  return [
    statusRow('hold', holds),
    statusRow('release', releases),
    p99Row(`another material, during ${back}`, during, during.other, quiet.other),
    p99Row(`a later batch of the held batch's material, during the same`, during, during.same, quiet.same),
    p99Row(`another material, while the batch is held`, heldPhase, heldPhase.other, quiet.other),
    p99Row(`a later batch of the held batch's material, while it is held`, heldPhase, heldPhase.same, quiet.same),
  ];
}

/** `PUT /api/batches/{m}/{b}/status` as the regional operator (module RECALL): the time over HTTP and the answer. */
function statusSetter(s: BenchServer, batch: { materialNo: string; batch: string }) {
  const path = `/api/batches/${encodeURIComponent(batch.materialNo)}/${encodeURIComponent(batch.batch)}/status?area=RDC`;
  return async (status: 'ON_HOLD' | 'RELEASED') => {
    const started = performance.now();
    const res = await fetch(`${s.address}${path}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.rdc}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status, reason: REASON }),
    });
    const body = (await res.json()) as { status?: string; units: number; warehouses: string[] };
    const ms = performance.now() - started;
    if (res.status !== 200 || body.status !== status)
      throw new Error(`batch status ${status}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, body };
  };
}

/** The raw driver's time to count the batch's units per warehouse, the median of three. */
async function rawCountMs(s: BenchServer, batch: { materialNo: string; batch: string }): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await s.raw.exec(
      `SELECT warehouse_no, count(*) FROM handling_units WHERE material_no = '${batch.materialNo}' AND batch_no = '${batch.batch}' GROUP BY warehouse_no`,
    );
    times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

/** The units and everything under them, ACTIVE / WAREHOUSE RECEIVED in their warehouse: as receiving leaves them, without the receiving. */
async function putInStock(database: DatabaseHandle, units: { unit: StockUnit; warehouseNo: string }[]): Promise<void> {
  const { db } = database;
  const at = '2026-11-22T00:00:00.000Z';
  const materials = await db.selectFrom('materials').select(['material_no', 'gtin']).execute();
  const materialOf = new Map(materials.map((m) => [m.gtin, m.material_no]));
  const rows: Insertable<HandlingUnitsTable>[] = [];
  const add = (
    type: HandlingUnitsTable['type'],
    pack: PackSpec,
    key: Partial<HandlingUnitsTable>,
    parentId: string | null,
    warehouseNo: string,
  ) => {
    const id = `hold${rows.length}`;
    rows.push({
      id,
      type,
      sscc: null,
      gtin: null,
      serial: null,
      ...key,
      parent_id: parentId,
      material_no: materialOf.get(pack.gtin)!,
      batch_no: pack.batch,
      expiry: pack.expiry,
      status: 'ACTIVE',
      reason: 'WAREHOUSE RECEIVED',
      warehouse_no: warehouseNo,
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  const addPack = (p: PackSpec, parentId: string | null, w: string) => add('EA', p, { gtin: p.gtin, serial: p.serial }, parentId, w);
  const addCarton = (c: { sscc: string; packs: PackSpec[] }, parentId: string | null, w: string) => {
    const cartonId = add('CTN', c.packs[0]!, { sscc: c.sscc }, parentId, w);
    for (const p of c.packs) addPack(p, cartonId, w);
  };
  for (const { unit, warehouseNo: w } of units) {
    if ('cartons' in unit) {
      const palletId = add('PLT', unit.cartons[0]!.packs[0]!, { sscc: unit.sscc }, null, w);
      for (const carton of unit.cartons) addCarton(carton, palletId, w);
    } else if ('packs' in unit) addCarton(unit, null, w);
    else addPack(unit, null, w);
  }
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('handling_units')
      .values(rows.slice(i, i + 1000))
      .execute();
  if (database.kind === 'postgres') await sql`ANALYZE handling_units`.execute(db);
  if (database.kind === 'postgres') await sql`ANALYZE stock_packs`.execute(db);
}
