import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { verifyAuditChain } from '../db/audit.ts';
import { readHeads } from '../db/audit-heads.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/**
 * `npm run audit:verify [-- --heads file]`: walks the whole audit chain of the database the environment
 * names (DATA_DIR or DATABASE_URL), checks every row's MAC with the server's key (AUDIT_KEY or
 * AUDIT_KEY_FILE) and compares the chain with the heads written outside the database (AUDIT_HEAD_FILE,
 * or `--heads`, e.g. a copy from the backup store). Reads only: it runs as the app's role as well.
 * Exit 0 when intact, 1 when a row was changed, forged or removed, 2 when it could not check (each
 * outcome one sentence, never a stack). Decisions 0025 and 0059.
 */
const { values } = parseArgs({ options: { heads: { type: 'string' } } });

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    return refuse(`There is no database at ${config.database.file}: set DATA_DIR (or DATABASE_URL) to the site's.`);
  }
  const headFile = values.heads ?? config.audit.headFile;
  const written = readHeads(headFile);
  if (!written && values.heads) return refuse(`There is no head file at ${values.heads}.`);
  let database: DatabaseHandle | undefined;
  try {
    database = openDatabase(config.database, config.audit.key);
    const report = await verifyAuditChain(database.db, { heads: written?.heads });
    const legacy = report.legacy > 0 ? `, ${report.legacy} of them from before rows were signed` : '';
    const outside = written
      ? `; ${report.headsCompared} ${report.headsCompared === 1 ? 'head' : 'heads'} of ${headFile} compared${written.unreadable.length > 0 ? ` (lines ${written.unreadable.join(', ')} are not heads and were skipped)` : ''}`
      : `; no head file at ${headFile}, so no head written outside the database was compared`;
    if (report.ok) {
      console.log(`Audit chain intact: ${report.sealed} rows chained${legacy}, ${report.unsealed} written since the last seal${outside}.`);
      return 0;
    }
    console.error(`Audit chain BROKEN after ${report.sealed} good rows: ${report.broken!.problem}.`);
    return report.broken!.cause === 'key' ? 2 : 1;
  } finally {
    await database?.close();
  }
}

function refuse(sentence: string): number {
  console.error(sentence);
  return 2;
}

/** What went wrong, as one sentence: the cause the driver names, without its stack. */
function sentence(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = (error instanceof Error && error.message) || (typeof code === 'string' ? code : String(error));
  if (/no such table: audit|relation "audit_\w+" does not exist/.test(message)) {
    return `The database has no audit trail (${message}): is it this app's database, migrated?`;
  }
  if (message.startsWith('Invalid environment')) return `Cannot check the audit trail: ${message.replace(/\n\s*/g, ' ')}`;
  return `Cannot check the audit trail: ${message.split('\n')[0]}.`;
}

try {
  process.exitCode = await main();
} catch (error) {
  process.exitCode = refuse(sentence(error));
}
