/**
 * `npm run bench`: runs every benchmark module in BENCHES, in order, and prints one table:
 * figure, value, baseline or ceiling, ratio, target, PASS/FAIL. Exits 1 when a row fails.
 * To add a benchmark, write `scripts/bench/<name>.bench.ts` exporting `run(): Promise<BenchRow[]>`
 * and add one line to BENCHES.
 */

import type { BenchRow } from './bench/bench-row.ts';

interface BenchModule {
  run(): Promise<BenchRow[]>;
}

/** The benchmarks, run in this order. */
const BENCHES: readonly (readonly [title: string, load: () => Promise<BenchModule>])[] = [
  ['decode', () => import('./bench/decode.bench.ts')],
  ['epcis', () => import('./bench/epcis.bench.ts')],
  ['receive', () => import('./bench/receive.bench.ts')],
  ['dispatch', () => import('./bench/dispatch.bench.ts')],
  ['batch-hold', () => import('./bench/batch-hold.bench.ts')],
  ['web', () => import('./bench/web.bench.ts')],
  ['copy', () => import('./bench/copy.bench.ts')],
  ['reports', () => import('./bench/reports.bench.ts')],
  ['stock-take', () => import('./bench/stock-take.bench.ts')],
  ['verification', () => import('./bench/verification.bench.ts')],
  ['start', () => import('./bench/start.bench.ts')],
];

function formatNumber(n: number): string {
  return Number.isInteger(n) ? n.toLocaleString('en') : n.toLocaleString('en', { maximumFractionDigits: 2 });
}

function printTable(rows: readonly (readonly string[])[]): void {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  for (const row of rows)
    console.log(
      row
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

async function main(): Promise<void> {
  const table: string[][] = [['figure', 'value', 'baseline/ceiling', 'ratio', 'target', 'result']];
  let failed = false;
  // `npm run bench -- receive` runs only the named benchmarks.
  const only = process.argv.slice(2);
  for (const [title, load] of BENCHES.filter(([t]) => only.length === 0 || only.includes(t))) {
    const rows = await (await load()).run();
    for (const row of rows) {
      failed ||= row.pass === false;
      table.push([
        `${title}: ${row.name}`,
        `${formatNumber(row.value)} ${row.unit}`,
        row.baseline === undefined ? '' : `${row.baseline.name} ${formatNumber(row.baseline.value)}`,
        row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`,
        row.target ?? '',
        row.pass === undefined ? '' : row.pass ? 'PASS' : 'FAIL',
      ]);
    }
  }
  printTable(table);
  if (failed) process.exitCode = 1;
}

await main();
