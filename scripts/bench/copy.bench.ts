/**
 * `npm run bench -- copy` (needs BENCH_DATABASE_URL or TEST_DATABASE_URL): a site's SQLite database with
 * a generated warehouse of 1,000,000 units and an audit trail of 1,000,000 more rows, all sealed into
 * the chain, copied into an empty PostgreSQL database with `copySqliteToPostgres` (npm run db:copy), and
 * checked (decision 0046). The figures: the copy's time and rate, the check's time; it passes when every
 * table and the chain match.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { BenchRow } from './bench-row.ts';
import { randomBytes } from 'node:crypto';
import { insertAuditRows, sealAudit } from '../../apps/server/src/db/audit.ts';
import { copySqliteToPostgres } from '../../apps/server/src/db/copy.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/seed/demo.ts';
import { createPostgresDatabase } from '../../apps/server/test/harness.ts';

const UNITS = Number(process.env.BENCH_COPY_UNITS ?? 1_000_000);
/** The site's audit key: its rows are signed with it, and the copy's chain is checked with it (decision 0059). */
const AUDIT_KEY = randomBytes(32);

export async function run(): Promise<BenchRow[]> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) return [];
  const dataDir = mkdtempSync(join(tmpdir(), 'pharma-copy-bench-'));
  const target = await createPostgresDatabase(pgUrl, 'pharma_copy_bench');
  try {
    const file = join(dataDir, 'warehouse.sqlite');
    const site = openDatabase({ kind: 'sqlite', file }, AUDIT_KEY);
    try {
      await migrateToLatest(site.db);
      await seedDemoIfEmpty(site.db);
      const generated = Date.now();
      await fill(site.db);
      const filledMs = Date.now() - generated;
      const sealStarted = Date.now();
      await sealAudit(site.db);
      console.log(`  generated ${UNITS} units and audit rows in ${filledMs} ms, sealed in ${Date.now() - sealStarted} ms`);
    } finally {
      await site.close();
    }
    const report = await copySqliteToPostgres({ from: file, to: target.url, auditKey: AUDIT_KEY, log: (line) => console.log(`  ${line}`) });
    const rows = report.tables.reduce((n, t) => n + t.rows, 0);
    for (const t of report.tables.filter((t) => t.rows > 0)) console.log(`  ${t.table}: ${t.rows} rows, ${t.ok ? 'same' : 'DIFFERS'}`);
    return [
      {
        name: `copy SQLite to PostgreSQL, ${UNITS.toLocaleString('en')} units + ${UNITS.toLocaleString('en')} audit rows (${rows.toLocaleString('en')} rows)`,
        value: Math.round(report.copyMs / 100) / 10,
        unit: 's',
        baseline: { name: 'rows/s', value: Math.round(rows / (report.copyMs / 1000)) },
        target: 'every table and the chain match',
        pass: report.ok,
      },
      { name: 'check the copy: counts, checksums, audit chain', value: Math.round(report.checkMs / 100) / 10, unit: 's', pass: report.ok },
    ];
  } finally {
    await target.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Units as the receive bench makes them (a recursive row generator), and one audit row for each, signed as the server signs them. */
async function fill(db: ReturnType<typeof openDatabase>['db']): Promise<void> {
  const materials = await db.selectFrom('materials').select(['material_no', 'gtin']).orderBy('material_no').execute();
  for (const [i, m] of materials.entries()) {
    const from = Math.floor((UNITS * i) / materials.length);
    const to = Math.floor((UNITS * (i + 1)) / materials.length) - 1;
    await sql`
      INSERT INTO handling_units (id, type, sscc, gtin, serial, parent_id, material_no, batch_no, expiry, status, reason, warehouse_no, created_at, updated_at)
      WITH RECURSIVE n(x) AS (SELECT CAST(${from} AS integer) UNION ALL SELECT x + 1 FROM n WHERE x < CAST(${to} AS integer))
      SELECT 'w' || x, 'EA', NULL, ${m.gtin}, 'W' || substr('000000000' || x, length('000000000' || x) - 8, 9), NULL, ${m.material_no}, 'LOT1', '2028-12-31',
        'ACTIVE', 'WAREHOUSE RECEIVED', 'W2010', '2026-11-22T00:00:00.000Z', '2026-11-22T00:00:00.000Z' FROM n`.execute(db);
  }
  for (let from = 0; from < UNITS; from += 10_000) {
    const rows = Array.from({ length: Math.min(10_000, UNITS - from) }, (_, i) => ({
      id: `0000-${String(from + i).padStart(9, '0')}`,
      at: '2026-11-22T00:00:00.000Z',
      actor_id: null,
      entity: 'unit',
      entity_id: `w${from + i}`,
      action: 'receive',
      before_json: '{"status":"TRANSIT","reason":"PENDING GR"}',
      after_json: '{"status":"ACTIVE","reason":"WAREHOUSE RECEIVED"}',
      reason: null,
    }));
    await insertAuditRows(db, rows);
  }
}
