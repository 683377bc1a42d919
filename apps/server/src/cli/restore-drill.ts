import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { restoreDrill } from '../restore-drill.ts';

/**
 * `npm run db:restore-drill [-- --keep-dump path]`: the restore drill of docs/deploy.md on the database
 * DATABASE_URL names (PostgreSQL): pg_dump, pg_restore into a scratch database, the server started on
 * it and asked its health, the restored audit chain walked (its MACs checked with this AUDIT_KEY, the
 * server's, and compared with AUDIT_HEAD_FILE) and its head found in the live chain, then the scratch
 * database dropped. Exit 0 when the backup restores into a working site, 1 otherwise.
 */
const { values } = parseArgs({ options: { 'keep-dump': { type: 'string' } } });
const config = loadConfig();
if (config.database.kind !== 'postgres') {
  console.error('The restore drill is for PostgreSQL: set DATABASE_URL (a role that may create databases).');
  process.exit(2);
}
const report = await restoreDrill({ config, keepDump: values['keep-dump'], log: (line) => console.log(`  ${line}`) });
for (const t of report.tables) console.log(`  ${t.table}: ${t.rows} rows restored`);
console.log(
  `Dump: ${(report.dumpBytes / 1e6).toFixed(1)} MB in ${(report.dumpMs / 1000).toFixed(1)} s; restore: ${(report.restoreMs / 1000).toFixed(1)} s.`,
);
console.log(`Server on the restored copy: GET /api/health ${report.health}.`);
console.log(
  `Audit chain of the copy: ${report.chain.ok ? 'intact' : `BROKEN: ${report.chain.broken!.problem}`}, ${report.chain.sealed} rows, their MACs checked with this AUDIT_KEY, ${report.chain.headsCompared} heads of ${config.audit.headFile} compared; its head ${report.headInSource ? 'is' : 'is NOT'} a row of the live chain.`,
);
if (report.ok) console.log('Restore drill passed.');
else {
  console.error('Restore drill FAILED.');
  process.exitCode = 1;
}
