import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Config } from '../src/config.ts';
import type { Db, DatabaseKind } from '../src/db/database.ts';

/**
 * What someone with the database's own powers would do to the audit trail, written here without the
 * server's code: the chain's formula is public (decision 0025), so they can recompute every hash with
 * sha256; what they do not have is the server's audit key (decision 0059).
 */

/** Drops (SQLite) or disables (PostgreSQL, as the owner or a superuser) every trigger guarding the trail. */
export async function unguard(db: Db, kind: DatabaseKind): Promise<void> {
  const statements =
    kind === 'sqlite'
      ? ['DROP TRIGGER audit_log_no_update', 'DROP TRIGGER audit_log_no_delete', 'DROP TRIGGER audit_chain_head_forward']
      : [
          'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change',
          'ALTER TABLE audit_chain_head DISABLE TRIGGER audit_chain_head_forward',
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

interface Row {
  seq: number | string;
  hash: string;
  id: string;
  at: string;
  actor_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  mac: string | null;
}

/** Every row from `fromSeq` on gets the hash the sealer would give it, and the head follows: a chain that checks out. */
export async function rechain(db: Db, fromSeq: number): Promise<void> {
  const { rows } = await sql<Row>`SELECT * FROM audit_log WHERE seq >= ${fromSeq} ORDER BY seq`.execute(db);
  const before = await sql<{ hash: string }>`SELECT hash FROM audit_log WHERE seq = ${fromSeq - 1}`.execute(db);
  let previous = before.rows[0]?.hash ?? '';
  let seq = fromSeq - 1;
  for (const row of rows) {
    seq = Number(row.seq);
    const fields = [
      previous,
      seq,
      row.id,
      row.at,
      row.actor_id,
      row.entity,
      row.entity_id,
      row.action,
      row.before_json,
      row.after_json,
      row.reason,
    ];
    if (row.mac !== null) fields.push(row.mac);
    previous = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
    await sql`UPDATE audit_log SET hash = ${previous} WHERE id = ${row.id}`.execute(db);
  }
  await sql`UPDATE audit_chain_head SET seq = ${seq}, hash = ${previous} WHERE id = 1`.execute(db);
}

/** Deletes the row at `seq` and moves every later row down one place, so no seq is missing; then re-chains. */
export async function deleteAndRechain(db: Db, seq: number): Promise<void> {
  await sql`DELETE FROM audit_log WHERE seq = ${seq}`.execute(db);
  const { rows } = await sql<{ id: string; seq: number | string }>`SELECT id, seq FROM audit_log WHERE seq > ${seq} ORDER BY seq`.execute(
    db,
  );
  for (const row of rows) await sql`UPDATE audit_log SET seq = ${Number(row.seq) - 1} WHERE id = ${row.id}`.execute(db);
  await rechain(db, seq);
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run audit:verify` as an operator runs it, in a process of its own, against a test app's settings. */
export async function auditVerify(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts', ...args],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The environment that points audit:verify at a test app's database, key and head file. */
export function envOf(config: Config): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
  };
}
