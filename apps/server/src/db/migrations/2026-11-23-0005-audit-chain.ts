import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. The audit trail made tamper-evident (decision 0025):
// - audit_log.seq and audit_log.hash: the row's place in one chain and sha256(previous hash, seq, the
//   row's fields). Written once by the sealer (db/audit-chain.ts), which numbers rows after they commit.
// - audit_chain_head: the last sealed seq and hash; its row is the sealers' lock, so two app instances
//   never number the same rows (a fork would also break the unique index on seq).
// - Triggers: an update may only seal an unsealed row (seq and hash from NULL, nothing else changed);
//   no delete; SQLite refuses INSERT OR REPLACE of an existing id; PostgreSQL refuses TRUNCATE.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('seq', 'bigint').execute();
  await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();
  await db.schema.createIndex('audit_log_seq').unique().on('audit_log').column('seq').execute();
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.insertInto('audit_chain_head').values({ id: 1, seq: 0, hash: '' }).execute();

  const unchanged = (o: string, n: string) =>
    ['id', 'at', 'actor_id', 'entity', 'entity_id', 'action', 'before_json', 'after_json', 'reason']
      .map((c) => `${n}.${c} IS NOT DISTINCT FROM ${o}.${c}`)
      .join(' AND ');

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP TRIGGER audit_log_no_change ON audit_log`.execute(db);
    await sql
      .raw(
        `CREATE FUNCTION audit_log_seal_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND OLD.seq IS NULL AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL
            AND ${unchanged('OLD', 'NEW')} THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION 'audit_log is append-only';
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_seal_only()`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        WHEN NOT (OLD.hash IS NULL AND OLD.seq IS NULL AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL
          AND ${unchanged('OLD', 'NEW').replaceAll('IS NOT DISTINCT FROM', 'IS')})
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
      )
      .execute(db);
    await sql`CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
      WHEN EXISTS (SELECT 1 FROM audit_log WHERE id = NEW.id)
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The audit chain is not taken down.');
}
