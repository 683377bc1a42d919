import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { copySqliteToPostgres, CopyRefused } from '../db/copy.ts';

/**
 * `npm run db:copy -- --to postgres://owner@host/pharma [--from data/warehouse.sqlite]`: copies the
 * site's SQLite database (default: the one DATA_DIR names) into an EMPTY PostgreSQL database, then checks
 * every table's row count and checksum and the audit chain on the copy, its MACs checked with the site's
 * AUDIT_KEY (decisions 0046, 0059). Stop the site
 * first: what it writes after the copy starts is not copied. Exit 0 when the copy matches, 1 when a
 * check fails, 2 when the copy was refused (nothing written).
 */
const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('Usage: npm run db:copy -- --to postgres://user@host/database [--from path/to/warehouse.sqlite]');
  process.exit(2);
}
const config = loadConfig();
const from = values.from ?? join(config.dataDir, 'warehouse.sqlite');
const target = new URL(values.to);
console.log(`Copying ${from} into ${target.host}${target.pathname}`);
try {
  const report = await copySqliteToPostgres({ from, to: values.to, auditKey: config.audit.key, log: (line) => console.log(`  ${line}`) });
  const width = Math.max(...report.tables.map((t) => t.table.length));
  console.log(`\n${'table'.padEnd(width)}  ${'rows'.padStart(10)}  ${'copied'.padStart(10)}  checksum                          result`);
  for (const t of report.tables) {
    console.log(
      `${t.table.padEnd(width)}  ${String(t.rows).padStart(10)}  ${String(t.copiedRows).padStart(10)}  ${t.checksum}  ${t.ok ? 'same' : `DIFFERS (copy ${t.copiedChecksum})`}`,
    );
  }
  console.log(
    `\nAudit chain on the copy: ${report.chain.ok ? 'intact' : `BROKEN: ${report.chain.broken!.problem}`}, ${report.chain.sealed} rows chained (source ${report.sourceSealed}), ${report.chain.unsealed} waiting to be sealed.`,
  );
  console.log(`Copied in ${(report.copyMs / 1000).toFixed(1)} s, checked in ${(report.checkMs / 1000).toFixed(1)} s.`);
  if (report.ok) console.log('The copy matches the source.');
  else {
    console.error('The copy does NOT match the source: do not start the site on it.');
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof CopyRefused)) throw error;
  console.error(`Refused: ${error.message}. Nothing was copied.`);
  process.exitCode = 2;
}
