import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { every } from '../lib/every.ts';
import { auditKeyOf, SIGNED, type SignedRow } from './audit-key.ts';
import { appendHead, type ChainHead } from './audit-heads.ts';
import type { Db } from './database.ts';
import { isPostgres, prepared } from './prepared.ts';

/**
 * The audit chain (decision 0025) and what the database does not hold (decision 0059): the sealer
 * chains committed rows by seq and hash, moves the head, and writes the head outside the database;
 * `verifyAuditChain` recomputes every hash, checks every row's MAC with the server's key, and compares
 * the chain with the heads written outside.
 */

type ChainedRow = SignedRow & { mac: string | null };
const CHAINED = [...SIGNED, 'mac'].join(', ');

/**
 * sha256 of the previous row's hash, this row's place, its fields and its MAC: hex. A row from before
 * rows were signed (no MAC) hashes as it did then, so chains sealed before still check out.
 */
export function chainHash(previous: string, seq: number, row: ChainedRow): string {
  const fields = [previous, seq, ...SIGNED.map((c) => row[c] ?? null)];
  if (row.mac !== null && row.mac !== undefined) fields.push(row.mac);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The chain's head, locked so sealers of several app instances take turns (one chain, no fork), and
 * moved. The database lets the head move only forward, to a row sealed with that seq and hash
 * (migration 0021). On PostgreSQL both go through functions owned by the owner role: the app role has
 * no UPDATE on the head (docs/deploy.md).
 */
const HEAD = {
  sqlite: {
    lock: prepared<{ seq: number | string; hash: string }, []>('SELECT seq, hash FROM audit_chain_head WHERE id = 1'),
    move: prepared<never, [number, string]>('UPDATE audit_chain_head SET seq = ?, hash = ? WHERE id = 1'),
  },
  postgres: {
    lock: prepared<{ seq: number | string; hash: string }, []>('SELECT seq, hash FROM audit_chain_lock()'),
    move: prepared<never, [number, string]>('SELECT audit_chain_advance(CAST(? AS bigint), CAST(? AS text))'),
  },
};
const unsealed = prepared<ChainedRow, [number]>(`SELECT ${CHAINED} FROM audit_log WHERE seq IS NULL ORDER BY id LIMIT ?`);

/**
 * Rows per sealing transaction. SQLite: small, so that a scan waiting behind a batch (one writer, one
 * connection) waits about a millisecond, not the whole second's backlog (decision 0025). PostgreSQL: a
 * pallet's rows and more in one (decision 0091). Its transaction locks the head and the rows it seals,
 * which no scan writes, so scans never wait on it. A pallet's 4,849 rows took 20 transactions of 250, each
 * five statements and a flush of the log, beside the next pallet's scan, and a second instance's sealer
 * took the head in turns with the first.
 */
const SEAL_BATCH = { sqlite: 250, postgres: 5_000 };
/** Rows hashed between two turns of the event loop: a large batch does not hold it for long. */
const HASHED_PER_TURN = 500;

/**
 * SQLite: one statement seals a whole batch: a statement a row went through the driver, and held the
 * SQLite writer, once a row. PostgreSQL: the batch as three arrays, however many rows it has.
 */
const sealRows = {
  sqlite: prepared<never, (string | number)[]>(`
    UPDATE audit_log SET seq = CAST(v.column2 AS bigint), hash = v.column3
    FROM (VALUES ${Array.from({ length: SEAL_BATCH.sqlite }, () => '(?, ?, ?)').join(', ')}) AS v
    WHERE audit_log.id = v.column1 AND audit_log.seq IS NULL`),
  postgres: prepared<never, [string[], number[], string[]]>(`
    UPDATE audit_log SET seq = v.seq, hash = v.hash
    FROM unnest(CAST(? AS text[]), CAST(? AS bigint[]), CAST(? AS text[])) AS v(id, seq, hash)
    WHERE audit_log.id = v.id AND audit_log.seq IS NULL`),
};

/** The rows given their seq and hash in the transaction `trx`, after the head `seq`, `hash`. */
async function seal(trx: Db, rows: readonly ChainedRow[], head: { seq: number; hash: string }): Promise<{ seq: number; hash: string }> {
  let { seq, hash } = head;
  const ids: string[] = [];
  const seqs: number[] = [];
  const hashes: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % HASHED_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    seq += 1;
    hash = chainHash(hash, seq, row);
    ids.push(row.id!);
    seqs.push(seq);
    hashes.push(hash);
  }
  if (isPostgres(trx)) {
    await sealRows.postgres(trx, ids, seqs, hashes);
    return { seq, hash };
  }
  const values = ids.flatMap((id, i) => [id, seqs[i]!, hashes[i]!]);
  // The statement takes a full batch: a short one is padded with its last row (sealing it twice is a no-op).
  while (values.length < SEAL_BATCH.sqlite * 3) values.push(...values.slice(-3));
  await sealRows.sqlite(trx, ...values);
  return { seq, hash };
}

/** Where the sealer writes the heads it makes: the append-only file, and (the app) its log. */
export interface HeadRecord {
  file: string;
  onHead?: (head: ChainHead) => void;
}

/**
 * Chains every committed, unsealed row: each gets the next seq and its hash, in id order (UUIDv7:
 * time of writing) within a batch. Runs off the request path (the app's timer, every second), in
 * batches of their own short transactions, letting other work in between. When it moved the head, the
 * last head it committed is appended to `record.file` (one line a run). Answers how many rows it sealed.
 */
export async function sealAudit(db: Db, record?: HeadRecord): Promise<number> {
  let total = 0;
  let committed: { seq: number; hash: string } | undefined;
  try {
    for (;;) {
      let moved: { seq: number; hash: string } | undefined;
      const kind = isPostgres(db) ? 'postgres' : 'sqlite';
      const sealed = await db.transaction().execute(async (trx) => {
        const [head] = await HEAD[kind].lock(trx);
        const rows = await unsealed(trx, SEAL_BATCH[kind]);
        if (rows.length === 0) return 0;
        const { seq, hash } = await seal(trx, rows, { seq: Number(head!.seq), hash: head!.hash });
        await HEAD[kind].move(trx, seq, hash);
        moved = { seq, hash };
        return rows.length;
      });
      committed = moved ?? committed;
      total += sealed;
      if (sealed < SEAL_BATCH[kind]) return total;
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    if (record && committed) {
      const head = { at: new Date().toISOString(), ...committed };
      await appendHead(record.file, head);
      record.onHead?.(head);
    }
  }
}

export interface ChainReport {
  ok: boolean;
  /** Rows checked in the chain. */
  sealed: number;
  /** Rows written but not chained yet (the sealer runs every second). */
  unsealed: number;
  /** Rows chained before the first signed row: written before the server signed its rows (migration 0021). */
  legacy: number;
  /** Heads written outside the database that the chain was compared with. */
  headsCompared: number;
  /** The first row where the chain breaks, and how (`seq` null: a row not chained yet). */
  broken?: { seq: number | null; id: string | null; problem: string; cause: BreakCause };
}

/**
 * missing: a seq is missing (a deleted row); changed: a row's hash does not match its content;
 * unsigned: a row with no MAC, or a wrong one (written or rewritten without the server's key);
 * key: no signed row matches the key given (not the server's key); head: the head in the database is not
 * the chain's end; outside: the chain does not pass through a head written outside the database.
 */
export type BreakCause = 'missing' | 'changed' | 'unsigned' | 'key' | 'head' | 'outside';

const chainPage = prepared<ChainedRow & { seq: number | string; hash: string }, [number, number]>(
  `SELECT seq, hash, ${CHAINED} FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?`,
);
const unsealedPage = prepared<ChainedRow, [string, number]>(
  `SELECT ${CHAINED} FROM audit_log WHERE seq IS NULL AND id > ? ORDER BY id LIMIT ?`,
);

/**
 * Walks the whole chain in seq order: recomputes every hash, checks every signed row's MAC with the
 * handle's key, and compares the chain with `heads` (written outside the database). Names the first
 * row that was changed, not signed by the server, or missing (a deleted row); the first head written
 * outside that the chain no longer passes through (a trail rebuilt after a deleted or rewritten row);
 * or an end that the head, or a head written outside, says lies further (rows cut off the end).
 * Rows chained before the first signed row (a database from before signing) are counted as legacy;
 * an unsigned row after a signed one is reported. Rows not chained yet are not judged by the chain,
 * but their MACs are checked too: once the server signs, every row must be its own.
 */
export async function verifyAuditChain(db: Db, options: { heads?: readonly ChainHead[] } = {}): Promise<ChainReport> {
  const key = auditKeyOf(db);
  const [{ n }] = (await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM audit_log WHERE seq IS NULL`.execute(db)).rows as [
    { n: number | string },
  ];
  const outside = new Map<number, ChainHead[]>();
  for (const head of options.heads ?? []) outside.set(head.seq, [...(outside.get(head.seq) ?? []), head]);
  let legacy = 0;
  let compared = 0;
  const report = (sealed: number, broken?: ChainReport['broken']): ChainReport => ({
    ok: !broken,
    sealed,
    unsealed: Number(n),
    legacy,
    headsCompared: compared,
    broken,
  });
  let seq = 0;
  let hash = '';
  let signing = false;
  let verified = false;
  let lastOutside = 0;
  // The first signed row whose MAC fails before any row's passed: a forged row, or the wrong key.
  let suspect: { seq: number; id: string } | undefined;
  let head: { seq: number | string; hash: string } | undefined;
  // Walked to the end, then the head read: when a sealer moved it meanwhile, on to the new end.
  for (let walked = true; walked;) {
    walked = false;
    for (;;) {
      const rows = await chainPage(db, seq, 5_000);
      for (const row of rows) {
        const at = Number(row.seq);
        const id = row.id!;
        walked = true;
        if (suspect) {
          // Only looking for a row the key signed: one means the key is right and the suspect forged.
          if (row.mac !== null && key.signed(row, row.mac)) return report(suspect.seq - 1, unsigned(suspect.seq, suspect.id));
          seq = at;
          continue;
        }
        if (at !== seq + 1)
          return report(seq, { seq: seq + 1, id: null, cause: 'missing', problem: `row ${seq + 1} is missing (the next is ${at}, ${id})` });
        const expected = chainHash(hash, at, row);
        if (row.hash !== expected) return report(seq, { seq: at, id, cause: 'changed', problem: `row ${at} (${id}) was changed` });
        if (row.mac === null) {
          if (signing) return report(seq, unsigned(at, id));
          legacy += 1;
        } else {
          signing = true;
          if (!key.signed(row, row.mac)) {
            if (verified) return report(seq, unsigned(at, id));
            suspect = { seq: at, id };
            continue;
          }
          verified = true;
        }
        for (const written of outside.get(at) ?? []) {
          compared += 1;
          if (written.hash !== expected) {
            return report(seq, {
              seq: at,
              id,
              cause: 'outside',
              problem: `row ${at} (${id}) is not the row the head file recorded at ${written.at}: the chain was rebuilt after row ${lastOutside} (a row deleted or rewritten)`,
            });
          }
          lastOutside = at;
        }
        seq = at;
        hash = expected;
      }
      if (rows.length < 5_000) break;
    }
    head = (await sql<{ seq: number | string; hash: string }>`SELECT seq, hash FROM audit_chain_head WHERE id = 1`.execute(db)).rows[0];
    if (!head || Number(head.seq) <= seq) break;
  }
  if (suspect) {
    return report(suspect.seq - 1, {
      seq: suspect.seq,
      id: suspect.id,
      cause: 'key',
      problem: `no row is signed with this key, from row ${suspect.seq} (${suspect.id}) on: AUDIT_KEY or AUDIT_KEY_FILE is not the key the server signs with, or every signed row was forged`,
    });
  }
  if (!head || Number(head.seq) !== seq || head.hash !== hash) {
    return report(seq, {
      seq: seq + 1,
      id: null,
      cause: 'head',
      problem: `the chain ends at row ${seq} but its head says ${head ? Number(head.seq) : 'nothing'}`,
    });
  }
  // Rows written since the last seal, in the order the sealer will take them.
  for (let after = ''; ;) {
    const rows = await unsealedPage(db, after, 5_000);
    for (const row of rows) {
      if (row.mac === null ? signing : !key.signed(row, row.mac)) {
        return report(seq, {
          seq: null,
          id: row.id,
          cause: 'unsigned',
          problem: `row ${row.id} (not chained yet) is not signed by the server`,
        });
      }
      signing ||= row.mac !== null;
    }
    if (rows.length < 5_000) break;
    after = rows.at(-1)!.id!;
  }
  const furthest = (options.heads ?? []).reduce<ChainHead | undefined>((a, b) => (!a || b.seq > a.seq ? b : a), undefined);
  if (furthest && furthest.seq > seq) {
    return report(seq, {
      seq: seq + 1,
      id: null,
      cause: 'outside',
      problem: `the chain ends at row ${seq} but the head file recorded row ${furthest.seq} at ${furthest.at}: rows were cut off the end`,
    });
  }
  return report(seq);
}

function unsigned(seq: number, id: string): NonNullable<ChainReport['broken']> {
  return { seq, id, cause: 'unsigned', problem: `row ${seq} (${id}) is not signed by the server` };
}

/**
 * Seals every second until stopped; each run that moves the head writes it to `headFile` and hands it
 * to `onHead` (the app logs it); a failed run goes to `onError` and the next tick tries again.
 */
export function startAuditSealer(
  db: Db,
  options: { headFile: string; onHead?: (head: ChainHead) => void; onError: (error: unknown) => void; intervalMs?: number },
): { stop(): Promise<void> } {
  return every(options.intervalMs ?? 1_000, () => sealAudit(db, { file: options.headFile, onHead: options.onHead }), options.onError);
}
