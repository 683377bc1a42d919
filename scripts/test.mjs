#!/usr/bin/env node
// `npm test`: typecheck, lint (ESLint, import circles, Prettier), dead code (knip), unit and API
// tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set), then the browser tests in Chromium.
// Stops at the first failing step and ends with one summary line, "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
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
// Each step: a name and its commands, run in order while they pass.
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
  ['browser tests', [['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']]]],
];

// With TEST_DATABASE_URL the browser tests run a second time on PostgreSQL, on a fresh database.
const pgBase = process.env.TEST_DATABASE_URL;
let pgDrop;
if (pgBase) {
  steps.push([
    'browser tests on PostgreSQL',
    [['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']]],
    async () => {
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
        E2E_REPORT: '../test-results/e2e-postgres.json',
        E2E_OUTPUT: '../test-results/playwright-postgres',
      };
    },
  ]);
}

let failedStep;
for (const [name, commands, prepare] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const env = { ...process.env, ...(prepare ? await prepare() : {}) };
  const ok = commands.every(([cmd, args]) => spawnSync(cmd, args, { stdio: 'inherit', env }).status === 0);
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
for (const file of ['test-results/e2e.json', 'test-results/e2e-postgres.json']) {
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
