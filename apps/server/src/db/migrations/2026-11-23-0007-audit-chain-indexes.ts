import { sql, type Kysely } from 'kysely';

// Frozen in time. The audit chain's indexes, partial (decision 0025):
// - audit_log_unsealed (id) WHERE seq IS NULL: the sealer reads the oldest unsealed rows in id order
//   from it, 250 at a time, instead of sorting every unsealed row (a backlog of a million rows made each
//   batch sort them all, and the single SQLite connection made searches wait behind it).
// - audit_log_seq, unique, now only over sealed rows: a new row (seq empty) enters one index, not two.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_seq').execute();
  await db.schema.createIndex('audit_log_seq').unique().on('audit_log').column('seq').where(sql.ref('seq'), 'is not', null).execute();
  await db.schema.createIndex('audit_log_unsealed').on('audit_log').column('id').where(sql.ref('seq'), 'is', null).execute();
}

export async function down(): Promise<void> {
  throw new Error('The audit chain indexes are not taken down.');
}
