import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time. Audit rows signed by the server, and a chain head only the sealer moves (decision 0059):
// - audit_log.mac: HMAC-SHA-256 of the row's content with a key the database does not hold (AUDIT_KEY);
//   null on rows written before this migration. Written with the row, never changed: the update trigger
//   that lets the sealer fill seq and hash now keeps mac unchanged too.
// - audit_chain_head moves only forward, to a row sealed with that seq and hash (a trigger, both databases).
// - PostgreSQL: the head is locked and moved through two SECURITY DEFINER functions owned by the role
//   that migrates (the owner), so the app role needs no UPDATE on audit_chain_head (docs/deploy.md
//   revokes it and grants EXECUTE on these two): audit_chain_lock() and audit_chain_advance(seq, hash).

const SIGNED = ['id', 'at', 'actor_id', 'entity', 'entity_id', 'action', 'before_json', 'after_json', 'reason', 'mac'];
const REFUSED = 'the audit chain head moves only forward, to a sealed row';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('mac', 'text').execute();
  const sealOnly = (same: string) =>
    `OLD.hash IS NULL AND OLD.seq IS NULL AND NEW.hash IS NOT NULL AND NEW.seq IS NOT NULL AND ${SIGNED.map((c) => `NEW.${c} ${same} OLD.${c}`).join(' AND ')}`;
  const forward = 'NEW.id = OLD.id AND NEW.seq > OLD.seq AND EXISTS (SELECT 1 FROM audit_log WHERE seq = NEW.seq AND hash = NEW.hash)';

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION audit_log_seal_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'UPDATE' AND ${sealOnly('IS NOT DISTINCT FROM')} THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION 'audit_log is append-only';
        END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION audit_chain_head_forward() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF ${forward} THEN
            RETURN NEW;
          END IF;
          RAISE EXCEPTION '${REFUSED}';
        END $$`,
      )
      .execute(db);
    await sql`CREATE TRIGGER audit_chain_head_forward BEFORE UPDATE ON audit_chain_head
      FOR EACH ROW EXECUTE FUNCTION audit_chain_head_forward()`.execute(db);

    // The functions run as their owner with the schema they were made in: a caller's search_path
    // (or a temporary table of the same name) cannot point them elsewhere.
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    const path = `"${rows[0]!.schema.replaceAll('"', '""')}", pg_temp`;
    await sql
      .raw(
        `CREATE FUNCTION audit_chain_lock() RETURNS TABLE (seq bigint, hash text)
        LANGUAGE sql SECURITY DEFINER SET search_path = ${path} AS $$
          SELECT h.seq, h.hash FROM audit_chain_head h WHERE h.id = 1 FOR UPDATE
        $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE FUNCTION audit_chain_advance(new_seq bigint, new_hash text) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = ${path} AS $$
        BEGIN
          UPDATE audit_chain_head SET seq = new_seq, hash = new_hash WHERE id = 1;
        END $$`,
      )
      .execute(db);
    await sql`REVOKE ALL ON FUNCTION audit_chain_lock(), audit_chain_advance(bigint, text) FROM PUBLIC`.execute(db);
  } else {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql
      .raw(
        `CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        WHEN NOT (${sealOnly('IS')})
        BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER audit_chain_head_forward BEFORE UPDATE ON audit_chain_head
        WHEN NOT (${forward})
        BEGIN SELECT RAISE(ABORT, '${REFUSED}'); END`,
      )
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Signed audit rows are not taken down.');
}
