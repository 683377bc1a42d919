import type { Kysely } from 'kysely';

// Frozen in time. Sign-in and registration limits kept in the database, so that several app instances
// on one PostgreSQL count together (decision 0045; the limits themselves are decision 0023):
// - login_limits: one row per limited key ('pair:<email> <address>', 'account:<email>',
//   'address:<address>', 'register:<address>'): its failures, when its window started, its last
//   failure, and when it is forgotten (forget_at; a clean-up deletes rows past it). `sliding` = 1 for a
//   backoff (forgotten a fixed time after the last failure), 0 for a fixed window (forgotten when the
//   window ends). Times are ISO-8601 text like every other timestamp (decision 0001).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('forget_at', 'text', (c) => c.notNull())
    .addColumn('sliding', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_limits_forget_at').on('login_limits').column('forget_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_limits').execute();
}
