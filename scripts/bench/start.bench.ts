/**
 * The server's start (issue 29, decision 0084): from the spawn of its process to its start line
 * ("Pharma Scan on http://localhost:PORT"), the compiled server (`npm start`: plain node on
 * apps/server/dist/main.js, source maps on) beside the TypeScript run through tsx (`npm run dev`), the
 * median of STARTS each. Every start is a first start on a fresh DATA_DIR (its database made and
 * migrated, no demo seed) with the demo's verification simulators off, on a port the system picks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './bench-row.ts';
import { percentile, round } from './scan-server.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STARTS = 5;
const LIMIT_MS = 2_000;
const COMPILED = ['--enable-source-maps', 'apps/server/dist/main.js'];
const FROM_SOURCE = ['--import', 'tsx', 'apps/server/src/main.ts'];

export async function run(): Promise<BenchRow[]> {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  const compiled: number[] = [];
  const fromSource: number[] = [];
  // Taken in turns, so that whatever else the machine does weighs on both alike.
  for (let i = 0; i < STARTS; i++) {
    compiled.push(await timeStart(COMPILED));
    fromSource.push(await timeStart(FROM_SOURCE));
  }
  const ms = percentile(compiled, 0.5);
  const tsx = percentile(fromSource, 0.5);
  return [
    {
      name: `compiled server (node --enable-source-maps dist/main.js), spawn to start line, fresh DATA_DIR, median of ${STARTS} (slowest ${round(Math.max(...compiled))} ms)`,
      value: round(ms),
      unit: 'ms',
      baseline: { name: 'tsx start ms', value: round(tsx) },
      ratio: ms / tsx,
      target: `< ${LIMIT_MS} ms`,
      pass: ms < LIMIT_MS,
    },
  ];
}

/** Spawns the server with `args`, times it to its start line, then stops it and removes its data. */
async function timeStart(args: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-bench-start-'));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NMVS_SIMULATOR_PORT: 'off',
      VRS_SIMULATOR_PORT: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    return await new Promise<number>((listening, failed) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('Pharma Scan on http://localhost:')) listening(performance.now() - started);
      });
      child.once('exit', (code) => failed(new Error(`node ${args.join(' ')} ended (exit code ${code}) before its start line`)));
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
