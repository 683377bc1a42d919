#!/usr/bin/env node
// `npm test`: typecheck, lint (ESLint, import circles, Prettier), dead code (knip), unit and API
// tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser tests in Chromium.
// Stops at the first failing step and ends with one summary line, "Tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `Chromium is missing at ${chromium}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH), then run npm test again.`,
  );
  process.exit(1);
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });
// Each step: a name and its commands, run in order while they pass. The browser tests on SQLite and on
// PostgreSQL run at once (each with its own server, database, OpenID provider and ports: the two runs
// share nothing but the machine), which keeps npm test within its time as the journeys grow.
const steps = [
  ['typecheck', [['npm', ['run', '-s', 'typecheck']]]],
  [
    'lint',
    [
      ['npm', ['run', '-s', 'lint']],
      ['npm', ['run', '-s', 'format:check']],
    ],
  ],
  ['dead code', [['npm', ['run', '-s', 'knip']]]],
  [
    'unit and API tests',
    [['npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']]],
  ],
  ['build', [['npm', ['run', '-s', 'build']]]],
];
const browserTests = ['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']];

// With TEST_DATABASE_URL the browser tests run a second time on PostgreSQL, on a fresh database, beside the SQLite run.
const pgBase = process.env.TEST_DATABASE_URL;
let pgDrop;
const postgresRun = pgBase && {
  // Its own database, ports, report and screenshots.
  prepare: async () => {
    const { default: pg } = await import('pg');
    const name = `pharma_e2e_${Date.now().toString(36)}`;
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    pgDrop = async () => {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    return {
      E2E_DATABASE_URL: url.toString(),
      E2E_PORT: '3320',
      E2E_OIDC_PORT: '3322',
      E2E_REPORT: '../test-results/e2e-postgres.json',
      E2E_OUTPUT: '../test-results/playwright-postgres',
    };
  },
};
if (postgresRun) {
  // The key-timing journeys (scanner.spec.ts) run alone after the two runs that share the machine.
  steps.push(['browser tests on SQLite and PostgreSQL', [browserTests], () => ({ E2E_SET: 'shared' }), postgresRun]);
  steps.push([
    'browser tests of key timing',
    [browserTests],
    () => ({ E2E_SET: 'timing', E2E_REPORT: '../test-results/e2e-timing.json', E2E_OUTPUT: '../test-results/playwright-timing' }),
  ]);
} else {
  steps.push(['browser tests', [browserTests]]);
}

let failedStep;
for (const [name, commands, prepare, postgres] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const env = { ...process.env, ...(prepare ? await prepare() : {}) };
  const ok = postgres
    ? await besideEachOther(commands, [
        ['sqlite', env],
        ['postgres', { ...env, ...(await postgres.prepare()) }],
      ])
    : commands.every(([cmd, args]) => run(cmd, args, env));
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!ok) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
for (const file of ['test-results/e2e.json', 'test-results/e2e-postgres.json', 'test-results/e2e-timing.json']) {
  const e2e = readJson(file);
  if (e2e) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected;
  }
}
await pgDrop?.().catch(() => undefined);
if (failedStep && failed === 0) failed = 1;
console.log(`\nTests: ${passed} passed, ${failed} failed`);
if (failedStep) console.log(`npm test failed at: ${failedStep}`);
process.exit(failedStep ? 1 : 0);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function run(cmd, args, env) {
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status === 0;
}

/** The commands once per run, the runs at once, each output line prefixed with its run's label; passes when all pass. */
async function besideEachOther(commands, runs) {
  const results = await Promise.all(runs.map(([label, env]) => runLabelled(label, commands, env)));
  return results.every(Boolean);
}

async function runLabelled(label, commands, env) {
  for (const [cmd, args] of commands) {
    const ok = await new Promise((resolve) => {
      const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) console.log(`[${label}] ${line}`);
        });
        stream.on('end', () => rest && console.log(`[${label}] ${rest}`));
      }
      child.on('close', (code) => resolve(code === 0));
    });
    if (!ok) return false;
  }
  return true;
}
