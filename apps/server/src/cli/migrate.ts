import { loadConfig } from '../config.ts';
import { openDatabase, underStartupLock } from '../db/database.ts';
import { migrateToLatest, migrationNames } from '../db/migrate.ts';

/**
 * `npm run db:migrate`: applies this version's migrations to the database the environment names, as the
 * owner role, without starting a server (an upgrade, docs/deploy.md). On PostgreSQL it takes the same
 * start-up lock as the servers (decision 0045), so it never migrates alongside a starting instance.
 */
const config = loadConfig();
const database = openDatabase(config.database, config.audit.key);
try {
  await underStartupLock(config.database, () => migrateToLatest(database.db));
  console.log(`Migrated: ${migrationNames().length} migrations applied, the last ${migrationNames().at(-1)}.`);
} finally {
  await database.close();
}
