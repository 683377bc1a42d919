/**
 * Large EPCIS intake (issue 14, decision 0043): the event loop's worst delay while a shipment notice of
 * EPCIS_BENCH_PALLETS pallets (1 carton of 2 packs each: 2 events a pallet) is taken in, as a job in
 * chunks against the same document applied in one transaction (the way every document was taken in
 * before). Measured in process on SQLite (the driver is synchronous, so one transaction holds the loop
 * for its whole length); the HTTP body's JSON parse, about 10 ms a MB, comes on top of both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EpcisService } from '../../apps/server/src/api/integration/epcis.service.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/demo.ts';
import { CodeMaker, epcisDocument } from '../../apps/server/src/seed/epcis-builder.ts';
import type { BenchRow } from './bench-row.ts';

const PALLETS = Number(process.env.EPCIS_BENCH_PALLETS ?? 1000);
/** The worst pause a scanner may see while a large document is taken in. */
const TARGET_MS = 250;

/**
 * The longest event-loop delay (ms) while `work` runs: a 5 ms timer notes how late it fires. (Node's
 * monitorEventLoopDelay samples nothing while one synchronous stretch holds the loop.)
 */
async function worstDelay(work: () => Promise<unknown>): Promise<number> {
  const every = 5;
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - every);
    last = now;
  }, every);
  await work();
  await new Promise((resolve) => setTimeout(resolve, 3 * every));
  clearInterval(timer);
  return Math.max(0, worst);
}

export async function run(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-bench-epcis-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent' });
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db);
    const actor = (await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const material = await database.db.selectFrom('materials').selectAll().where('gtin', 'is not', null).executeTakeFirstOrThrow();
    const product = { gtin: material.gtin!, batch: 'BENCH01', expiry: '2028-06-30' };
    const shipment = (seed: number) => {
      const codes = new CodeMaker(seed, String(seed % 10));
      return epcisDocument({ pallets: Array.from({ length: PALLETS }, () => codes.pallet(1, 2, product)) });
    };
    const service = new EpcisService(database.db, config.epcisIntake);
    const [first, second] = [shipment(7), shipment(8)];
    const oneTransaction = await worstDelay(() => service.intake(actor, first));
    const jobMs = await worstDelay(async () => {
      const answer = await service.receive(actor, second);
      if (!('job' in answer)) throw new Error('the bench document is not large enough to be a job');
      while (service.job(answer.job.id).status === 'running') await new Promise((resolve) => setTimeout(resolve, 10));
      if (service.job(answer.job.id).status !== 'done') throw new Error(JSON.stringify(service.job(answer.job.id).error));
    });
    const events = 1 + 2 * PALLETS;
    return [
      {
        name: `worst event-loop delay, ${events.toLocaleString('en')}-event EPCIS intake as a job (SQLite)`,
        value: Math.round(jobMs),
        unit: 'ms',
        baseline: { name: 'one transaction', value: Math.round(oneTransaction) },
        ratio: jobMs / oneTransaction,
        target: `<= ${TARGET_MS} ms`,
        pass: jobMs <= TARGET_MS,
      },
    ];
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
