import { defineConfig } from 'vitest/config';

// Three projects: pure domain rules, web units (jsdom-free logic), and the server's API
// tests against a real database (SQLite always; PostgreSQL too when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    // Two files at a time (the machines have 2 cores): each server test file has its own data folder, its
    // own PostgreSQL database and its own ports (harness.ts), so files do not meet. 331 s against 611 s
    // one at a time, measured 2026-11-26.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'national-systems', include: ['packages/national-systems/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
