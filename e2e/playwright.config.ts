import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { ACCESS_TOKEN_SECONDS, APP_URL, E2E_PORT, OIDC } from './support/settings.ts';

/**
 * Browser tests drive the real built app in Debian's Chromium (no browser download is
 * possible on these machines). The server starts on its own port with a fresh database.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
}
const PORT = E2E_PORT;
/**
 * The journeys whose subject is key timing (a keyboard wedge's bursts and quiet gaps): npm test runs
 * the rest on SQLite and PostgreSQL at once, which share the machine, then these alone
 * (E2E_SET=shared leaves them out, E2E_SET=timing runs only them; unset runs everything).
 */
const KEY_TIMING = ['**/scanner.spec.ts'];
const set = process.env.E2E_SET;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pharma-e2e-'));

export default defineConfig({
  testDir: './journeys',
  ...(set === 'shared' ? { testIgnore: KEY_TIMING } : set === 'timing' ? { testMatch: KEY_TIMING } : {}),
  outputDir: process.env.E2E_OUTPUT ?? '../test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../test-results/e2e.json' }]],
  use: {
    baseURL: APP_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'handheld', use: { browserName: 'chromium', viewport: { width: 360, height: 640 }, hasTouch: true } }],
  webServer: [
    {
      // The organisation's OpenID provider for the single sign-on journeys (e2e/support/oidc-provider.ts).
      command: 'node --import tsx e2e/support/oidc-provider.ts',
      cwd: '..',
      url: `${OIDC.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The compiled server, as production runs it (npm test and test:e2e build it first; decision 0084).
      command: 'node --enable-source-maps apps/server/dist/main.js',
      cwd: '..',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS),
        PUBLIC_URL: APP_URL,
        OIDC_ISSUER_URL: OIDC.issuer,
        OIDC_CLIENT_ID: OIDC.clientId,
        OIDC_CLIENT_SECRET: OIDC.clientSecret,
        // No demo verification simulators (issue 28): the journeys make packs of their own in the demo
        // warehouses, which a simulator loaded with the demo's packs would refuse, and the two runs side by
        // side (SQLite, PostgreSQL) would race for their ports. verification.spec.ts starts the one it needs.
        NMVS_SIMULATOR_PORT: 'off',
        VRS_SIMULATOR_PORT: 'off',
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      },
    },
  ],
});
