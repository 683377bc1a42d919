/**
 * Large EPCIS intake (issue 14, decision 0043): the event loop's worst delay while EPCIS documents are
 * taken in through `POST /api/integration/epcis`, body parse included (Fastify's `inject`, SQLite):
 * - a document of EPCIS_BENCH_MB megabytes (default 37.5, the size issue 14 measured: about 56,000
 *   pallets of one carton of two packs), from the request to its 202 answer: the body's parse and the
 *   job's start. The job is then stopped (the app closes) rather than applied in full;
 * - a shipment notice of EPCIS_BENCH_PALLETS pallets (1 carton of 2 packs each: 2 events a pallet) as a
 *   job from the request to `done`, against the same document applied in one transaction (the way every
 *   document was taken in before; the SQLite driver is synchronous, so one transaction holds the loop);
 * - the document of issue 34, 100 commissioning events of 1,000 packs each (100,000 EPCs), few events and
 *   many EPCs (decision 0082): the worst time `/api/health` took, asked one request after another from the
 *   upload to the job's end, against the same document applied in one transaction (a limit of EPCs above
 *   it); on SQLite, and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from '../../apps/server/src/seed/demo.ts';
import { demoProduct } from '../../apps/server/src/seed/demo-catalogue.ts';
import { CodeMaker, epcisDocument } from '../../apps/server/src/seed/epcis-builder.ts';
import { createPostgresDatabase } from '../../apps/server/test/harness.ts';
import type { BenchRow } from './bench-row.ts';

const PALLETS = Number(process.env.EPCIS_BENCH_PALLETS ?? 1000);
const MEGABYTES = Number(process.env.EPCIS_BENCH_MB ?? 37.5);
/** The worst pause a scanner may see while a large document is taken in. */
const TARGET_MS = 250;
/** The longest `/api/health` may take while a document of many EPCs is taken in (issue 34). */
const HEALTH_CEILING_MS = 500;

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

type App = Awaited<ReturnType<typeof buildApp>>;

/** A fresh app on a fresh SQLite database (or PostgreSQL database at `pgUrl`), the admin signed in (INTEGRATION right). */
async function withApp<T>(
  env: Record<string, string>,
  work: (app: App, headers: Record<string, string>) => Promise<T>,
  pgUrl?: string,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-bench-epcis-'));
  const pg = pgUrl ? await createPostgresDatabase(pgUrl, 'pharma_bench_epcis') : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const database = openDatabase(config.database, config.audit.key);
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  const app = await buildApp({ config, database });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth-login',
      payload: { identifier: DEMO_USERS.admin, password: DEMO_PASSWORD },
    });
    return await work(app, { authorization: `Bearer ${login.json().jwt as string}`, 'content-type': 'application/json' });
  } finally {
    await app.close();
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A client of `/api/health` in a thread of its own, as a load balancer's probe is outside the server:
 * one request after another, each sent 5 ms after the one before is answered; on 'stop', the worst
 * time one took. (Requests sent from the server's own thread could not be sent while its loop is held.)
 */
const HEALTH_CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
let stopping = false;
parentPort.once('message', () => { stopping = true; });
(async () => {
  let worst = 0;
  while (!stopping) {
    const start = performance.now();
    const res = await fetch(workerData.url);
    await res.text();
    if (res.status !== 200) throw new Error('/api/health answered ' + res.status);
    worst = Math.max(worst, performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage(worst);
})();
`;

/** The worst time (ms) one `/api/health` of the app listening at `address` took while `work` ran. */
async function worstHealth(address: string, work: () => Promise<unknown>): Promise<number> {
  const client = new Worker(HEALTH_CLIENT, { eval: true, workerData: { url: `${address}/api/health` } });
  const failed = new Promise<never>((_, reject) => client.once('error', reject));
  try {
    await Promise.race([new Promise((resolve) => client.once('online', resolve)), failed]);
    await Promise.race([work(), failed]);
    const worst = new Promise<number>((resolve) => client.once('message', resolve));
    client.postMessage('stop');
    return await Promise.race([worst, failed]);
  } finally {
    await client.terminate();
  }
}

/** Issue 34's document: 100 commissioning events of 1,000 packs (a batch an event), as JSON text. */
function manyEpcs(seed: number): string {
  const codes = new CodeMaker(seed, String(seed % 10));
  const packs = Array.from({ length: 100 }, (_, e) =>
    codes.packs(1000, { ...PRODUCT, gtin: demoProduct(e % 5).gtin, batch: `MANY${e}` }),
  ).flat();
  return JSON.stringify(epcisDocument({ packs }));
}

/** Polls a job until it is done; a failed job throws. */
async function jobDone(app: App, headers: Record<string, string>, location: string): Promise<void> {
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: location, headers })).json();
    if (job.status === 'done') return;
    if (job.status !== 'running') throw new Error(JSON.stringify(job.error));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Issue 34's 100 x 1,000 document on one database: the worst `/api/health` and event-loop delay from the
 * upload to the job's end, against the worst `/api/health` while the same document is applied in one
 * transaction (EPCIS_JOB_EPCS above it, as every document of 100 events was taken in before).
 */
async function manyEpcsRow(kind: 'sqlite' | 'postgres', pgUrl?: string): Promise<BenchRow> {
  const oneTransaction = await withApp(
    { EPCIS_JOB_EPCS: '1000000' },
    async (app, headers) => {
      const document = manyEpcs(5);
      return worstHealth(await app.listen({ port: 0, host: '127.0.0.1' }), async () => {
        const res = await app.inject({ method: 'POST', url: '/api/integration/epcis', headers, payload: document });
        if (res.statusCode !== 200) throw new Error(res.body);
      });
    },
    pgUrl,
  );
  let delayMs = 0;
  let jobMs = 0;
  const healthMs = await withApp(
    {},
    async (app, headers) => {
      const document = manyEpcs(6);
      return worstHealth(await app.listen({ port: 0, host: '127.0.0.1' }), async () => {
        const start = performance.now();
        delayMs = await worstDelay(async () => {
          const res = await app.inject({ method: 'POST', url: '/api/integration/epcis', headers, payload: document });
          if (res.statusCode !== 202) throw new Error(`the 100 x 1,000 document was answered ${res.statusCode}, not 202`);
          await jobDone(app, headers, res.headers.location as string);
        });
        jobMs = performance.now() - start;
      });
    },
    pgUrl,
  );
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(
    `epcis: 100 x 1,000 EPCs on ${label}: job done in ${(jobMs / 1000).toFixed(1)} s, worst event-loop delay ${Math.round(delayMs)} ms, ` +
      `worst /api/health ${Math.round(healthMs)} ms (one transaction: ${Math.round(oneTransaction)} ms)`,
  );
  return {
    name: `worst /api/health, 100 events x 1,000 EPCs as a job, request to done (${label}; ceiling ${HEALTH_CEILING_MS} ms)`,
    value: Math.round(healthMs),
    unit: 'ms',
    baseline: { name: 'one transaction', value: Math.round(oneTransaction) },
    ratio: healthMs / oneTransaction,
    target: `<= ${HEALTH_CEILING_MS} ms`,
    pass: healthMs <= HEALTH_CEILING_MS,
  };
}

/** A demo material's GTIN, a batch of the bench's own. */
const PRODUCT = { gtin: demoProduct(0).gtin, batch: 'BENCH01', expiry: '2028-06-30' };

/** A shipment notice of `pallets` pallets of one carton of two packs, as the JSON text a client sends. */
function shipment(seed: number, pallets: number): string {
  const codes = new CodeMaker(seed, String(seed % 10));
  return JSON.stringify(epcisDocument({ pallets: Array.from({ length: pallets }, () => codes.pallet(1, 2, PRODUCT)) }));
}

export async function run(): Promise<BenchRow[]> {
  // About 671 bytes a pallet: the document of MEGABYTES megabytes.
  const big = shipment(9, Math.round((MEGABYTES * 1e6) / 671));
  const bigMb = Buffer.byteLength(big) / 1e6;
  let bigStatus = 0;
  const parseMs = await withApp({}, async (app, headers) =>
    worstDelay(async () => {
      const res = await app.inject({ method: 'POST', url: '/api/integration/epcis', headers, payload: big });
      bigStatus = res.statusCode;
    }),
  );
  if (bigStatus !== 202) throw new Error(`the ${bigMb.toFixed(1)} MB document was answered ${bigStatus}, not 202`);
  console.log(`epcis: ${bigMb.toFixed(1)} MB document, request to 202: worst event-loop delay ${Math.round(parseMs)} ms`);

  const post = (app: App, headers: Record<string, string>, payload: string) =>
    app.inject({ method: 'POST', url: '/api/integration/epcis', headers, payload });
  // The same size of document applied in one transaction, inside the request (a job's limits above it).
  const oneTransaction = await withApp({ EPCIS_JOB_EVENTS: '1000000', EPCIS_JOB_EPCS: '1000000' }, async (app, headers) => {
    const document = shipment(7, PALLETS);
    return worstDelay(async () => {
      const res = await post(app, headers, document);
      if (res.statusCode !== 200) throw new Error(res.body);
    });
  });
  const jobMs = await withApp({}, async (app, headers) => {
    const document = shipment(8, PALLETS);
    return worstDelay(async () => {
      const res = await post(app, headers, document);
      if (res.statusCode !== 202) throw new Error('the bench document is not large enough to be a job');
      await jobDone(app, headers, res.headers.location as string);
    });
  });
  const events = 1 + 2 * PALLETS;
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const many = [await manyEpcsRow('sqlite'), ...(pgUrl ? [await manyEpcsRow('postgres', pgUrl)] : [])];
  return [
    {
      name: `worst event-loop delay, a ${bigMb.toFixed(1)} MB EPCIS document from request to 202 (body parse, SQLite)`,
      value: Math.round(parseMs),
      unit: 'ms',
      target: `<= ${TARGET_MS} ms`,
      pass: parseMs <= TARGET_MS,
    },
    {
      name: `worst event-loop delay, ${events.toLocaleString('en')}-event EPCIS intake as a job, request to done (SQLite)`,
      value: Math.round(jobMs),
      unit: 'ms',
      baseline: { name: 'one transaction', value: Math.round(oneTransaction) },
      ratio: jobMs / oneTransaction,
      target: `<= ${TARGET_MS} ms`,
      pass: jobMs <= TARGET_MS,
    },
    ...many,
  ];
}
