import type { Config } from './config.ts';
import { superuserRole, underStartupLock, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { createAdmin } from './seed/first-admin.ts';

/** The server will not start as configured; the message says why and what to do (main.ts prints it, no stack). */
export class StartRefused extends Error {}

/**
 * What a start does to the database before serving: refuse a PostgreSQL superuser in production (it
 * could drop the audit trail's triggers and rewrite it; decision 0059); migrate; seed the demo
 * warehouse only when asked (SEED_DEMO, off in production by default); make the first administrator
 * from ADMIN_EMAIL and ADMIN_PASSWORD when no live admin exists. Answers what it did, for the start-up
 * log, with the superuser's name when one is used outside production (main.ts warns). On PostgreSQL
 * instances starting together take turns (an advisory lock), so each step happens once (decision 0045).
 */
export async function prepareDatabase(
  config: Config,
  database: DatabaseHandle,
): Promise<{ seeded: boolean; admin?: string; superuser?: string }> {
  const superuser = await superuserRole(database);
  if (superuser && config.production) {
    throw new StartRefused(
      `Refusing to start in production as "${superuser}", a PostgreSQL superuser: it can drop the audit trail's triggers and rewrite it. ` +
        'Run the server as the app role (pharma_app) and the migrations as the owner role (pharma_owner), ' +
        'as docs/deploy.md sets them up under "PostgreSQL: two roles".',
    );
  }
  return underStartupLock(config.database, async () => {
    await migrateToLatest(database.db);
    const seeded = config.seedDemo ? await seedDemoIfEmpty(database.db) : false;
    const admin = config.firstAdmin ? await createAdmin(database.db, config.firstAdmin, { onlyIfNone: true }) : undefined;
    return { seeded, admin, ...(superuser ? { superuser } : {}) };
  });
}
