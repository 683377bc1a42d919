import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { demoProduct } from '../src/seed/demo-catalogue.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { createPostgresDatabase, DATABASES, NO_WEB_BUILD, startServerProcess, type ServerProcess } from './harness.ts';

const REPO = resolve(import.meta.dirname, '../../..');

/**
 * The compiled server (issue 29, decision 0084): `npm start` builds apps/server/dist with
 * scripts/build-server.mjs and runs `node --enable-source-maps dist/main.js`, no TypeScript at run time.
 * This builds it the same way into a folder of its own (three levels under the repository, as dist is,
 * so the server finds the repository where main.js expects it), starts it with the demo on a fresh
 * database, and asks of it what a bundle can lose: the batch worker (a hold waits for its count), the
 * report worker (a file of its own), the EPCIS schema read from disk, and the source maps.
 */
let scratch: string;
let dist: string;

beforeAll(() => {
  mkdirSync(join(REPO, '.tmp'), { recursive: true });
  scratch = mkdtempSync(join(REPO, '.tmp', 'compiled-'));
  dist = join(scratch, 'dist');
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', dist], { cwd: REPO, encoding: 'utf8' });
  expect(build.status, build.stderr).toBe(0);
}, 30_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('is JavaScript that imports no TypeScript runner', () => {
  const code = readdirSync(dist).filter((name) => name.endsWith('.js'));
  expect(code).toEqual(expect.arrayContaining(['main.js', 'batch-worker.js', 'report-worker.js']));
  for (const name of code) expect(readFileSync(join(dist, name), 'utf8')).not.toMatch(/(from |import\()["']tsx/);
});

it('a production stack trace names the TypeScript line that threw (node --enable-source-maps)', () => {
  // A data folder that cannot be made: the error escapes main.ts, and node prints its stack.
  const aFile = join(scratch, 'a-file');
  writeFileSync(aFile, '');
  const run = spawnSync(process.execPath, ['--enable-source-maps', join(dist, 'main.js')], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: join(aFile, 'data'), PORT: '0', LOG_LEVEL: 'silent' },
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('ENOTDIR');
  const frame = /\((\/[^():]+\/apps\/server\/src\/[^():]+\.ts):(\d+):\d+\)/.exec(run.stderr);
  expect(frame, run.stderr).not.toBeNull();
  const [, file, line] = frame!;
  // The line named is the one that made the directory, in the TypeScript the build came from.
  expect(readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]).toContain('mkdirSync(');
});

describe.each(DATABASES)('the compiled server with the demo on %s', (kind) => {
  let server: ServerProcess;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let headers: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pharma-compiled-'));
    const pg = kind === 'postgres' ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_compiled') : undefined;
    drop = pg?.drop;
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        WEB_DIST: NO_WEB_BUILD,
        NMVS_SIMULATOR_PORT: 'off',
        VRS_SIMULATOR_PORT: 'off',
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      },
      ['--enable-source-maps', join(dist, 'main.js')],
    );
    const login = await api('POST', '/api/auth-login', { identifier: DEMO_USERS.admin, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    headers = { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
  }, 60_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = (method: string, path: string, body?: object) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('answers its health check', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: kind });
  });

  it("holds a batch: the answer waits for the batch worker's count of its units (decision 0076)", async () => {
    const { materialNo, batch } = demoProduct(0);
    const res = await api('PUT', `/api/batches/${materialNo}/${batch}/status?area=RDC`, {
      status: 'ON_HOLD',
      reason: 'Compiled build check',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const held = (await res.json()) as { status: string; units: number };
    expect(held.status).toBe('ON_HOLD');
    expect(held.units).toBeGreaterThan(0);
  }, 30_000);

  it.runIf(kind === 'sqlite')(
    'makes a report, and its compiled report worker makes the same one on the same file (decision 0077)',
    async () => {
      const res = await api('GET', '/api/reports/stock?area=RDC');
      expect(res.status).toBe(200);
      const answered = (await res.json()) as { filters: unknown };
      // Through the API a report is made in the server's thread until the worker is ready, and after it
      // fails to load as well: the worker is started here, as the server starts it, to see it answer.
      const config = loadConfig({ DATA_DIR: dataDir });
      const worker = new Worker(join(dist, 'report-worker.js'), {
        workerData: { data: { database: config.database, auditKey: config.audit.key } },
      });
      try {
        const made = await new Promise<unknown>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (news: { kind?: string; ok?: boolean; value?: unknown; error?: string }) => {
            if (news.kind === 'ready') worker.postMessage({ kind: 'make', id: 1, name: 'stock', filters: answered.filters });
            else if (news.ok) resolve(news.value);
            else reject(new Error(news.error));
          });
        });
        expect(made).toEqual(answered);
      } finally {
        await worker.terminate();
      }
    },
    30_000,
  );
});
