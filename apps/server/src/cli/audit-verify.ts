import { loadConfig } from '../config.ts';
import { verifyAuditChain } from '../db/audit.ts';
import { openDatabase } from '../db/database.ts';

/**
 * `npm run audit:verify`: walks the whole audit chain of the database the environment names
 * (DATA_DIR or DATABASE_URL) and names the first broken row. Exit 0 when intact, 1 when broken.
 * Reads only: it runs as the app's role (INSERT and SELECT on audit_log) as well. Decision 0025.
 */
const database = openDatabase(loadConfig().database);
try {
  const report = await verifyAuditChain(database.db);
  if (report.ok) {
    console.log(`Audit chain intact: ${report.sealed} rows chained, ${report.unsealed} written since the last seal.`);
  } else {
    console.error(`Audit chain BROKEN after ${report.sealed} good rows: ${report.broken!.problem}.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
