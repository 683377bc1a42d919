import type { Config } from './config.ts';
import { underStartupLock, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { createAdmin } from './seed/first-admin.ts';

/**
 * What a start does to the database before serving: migrate; seed the demo warehouse only when asked
 * (SEED_DEMO, off in production by default); make the first administrator from ADMIN_EMAIL and
 * ADMIN_PASSWORD when no live admin exists. Answers what it did, for the start-up log. On PostgreSQL
 * instances starting together take turns (an advisory lock), so each step happens once (decision 0045).
 */
export function prepareDatabase(config: Config, database: DatabaseHandle): Promise<{ seeded: boolean; admin?: string }> {
  return underStartupLock(config.database, async () => {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
    const admin = config.firstAdmin ? await createAdmin(database.db, config.firstAdmin, { onlyIfNone: true }) : undefined;
    return { seeded, admin };
  });
}
