import type { UnitState } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres, prepared } from '../../db/prepared.ts';
import { atGroupEnd, flushGroup, groupHints, groupMemo } from '../../db/transactor.ts';
import { oldestBatchBefore, oldestInStock, type OldestPack, type StockQuery } from '../inventory/oldest-stock.repository.ts';
import type { LineWithMaterial } from '../inventory/documents.repository.ts';
import { BATCH_STATUS, BATCH_STATUS_JOIN, findUnitForScan, type UnitWithParent } from '../inventory/units.repository.ts';

/**
 * The cache of a group of scans committed together on PostgreSQL (decisions 0033 and 0053), kept in the
 * group's memo (db/transactor.ts): the pack scans whose writes wait for the group's end, the packs the
 * group's scans read in one statement, and the oldest pack of the stock first expiry, first out reads
 * once for the group. The scans' writes are scans.repository.ts's. SQL only; outside a group and on
 * SQLite each read goes to the database.
 */

/** A pack scan waiting for the group's end: the pack and the state the scan leaves it in. */
export interface PendingPackScan {
  pack: { id: string };
  state: UnitState & { warehouseNo?: string | null };
}

const PENDING = 'pending pack scans';
const READ = 'packs read for the group';
const OLDEST = `${READ}: oldest in stock`;

/**
 * In a group commit, leaves the pack scan's writes to the group's end, where `write` makes them with the
 * group's other packs at once, and answers true; outside one, answers false (the caller writes now).
 */
export function queuePackScan<P extends PendingPackScan>(db: Db, p: P, write: (db: Db, all: P[]) => Promise<void>): boolean {
  const memo = groupMemo(db);
  const writeAll = () => {
    const written = ((memo!.get(PENDING) as P[] | undefined) ?? []).splice(0);
    // Once written, the pending states are no longer laid over the packs read for the group: they take them.
    settleGroupReads(memo, written);
    return write(db, written);
  };
  if (!memo || !atGroupEnd(db, PENDING, writeAll)) return false;
  const pending = (memo.get(PENDING) as P[] | undefined) ?? [];
  pending.push(p);
  memo.set(PENDING, pending);
  return true;
}

/** The state a pack scanned earlier in the group will have once the group's writes are made, if any. */
function pendingState(db: Db, unitId: string): PendingPackScan['state'] | undefined {
  const pending = groupMemo(db)?.get(PENDING) as PendingPackScan[] | undefined;
  return pending?.findLast((p) => p.pack.id === unitId)?.state;
}

/** Forgets the packs read for the group: after writes that change them (a carton's or pallet's scan). */
export function forgetGroupReads(db: Db): void {
  const memo = groupMemo(db);
  if (memo) for (const key of [...memo.keys()]) if (key.startsWith(READ)) memo.delete(key);
}

/** The packs read for the group take the states the written scans left them in. */
function settleGroupReads(memo: Map<string, unknown> | undefined, written: readonly PendingPackScan[]): void {
  if (!memo || written.length === 0) return;
  const states = new Map(written.map((p) => [p.pack.id, p.state]));
  for (const [key, value] of memo) {
    // An oldest pack of the stock that a scan took is no longer the oldest: asked again.
    if (key.startsWith(OLDEST)) {
      if (value && states.has((value as OldestPack).id)) memo.delete(key);
      continue;
    }
    if (!key.startsWith(READ)) continue;
    for (const row of (value as Map<string, UnitWithParent>).values()) {
      const state = states.get(row.id);
      if (!state) continue;
      row.status = state.status;
      row.reason = state.reason;
      if (state.warehouseNo !== undefined) row.warehouse_no = state.warehouseNo;
    }
  }
}

/**
 * The batch of a material in stock expiring first before `q.before` (first expiry, first out), as
 * `oldestBatchBefore` answers. PostgreSQL, in a group of scans (decision 0053): the oldest pack of the
 * stock, read once for the group and kept in its memo, leaving out the packs the group's scans have taken
 * and not written yet, so a dispatch scan need not write the group's scans before it asks. Asked again
 * when a scan of the group takes that pack, and after a carton or pallet is written. A pack a scan of the
 * group puts into stock is not seen until the group is written: the dispatch is answered as if it came
 * first, which its answer allows (a warning, nothing refused).
 */
export async function oldestBatchBeforeInGroup(db: Db, q: StockQuery): Promise<{ materialNo: string; batchNo: string; expiry: string }[]> {
  const memo = groupMemo(db);
  if (!isPostgres(db) || !memo) return oldestBatchBefore(db, q);
  const key = `${OLDEST} ${q.warehouseNo} ${q.materialNo} ${q.from} ${JSON.stringify(q.states)}`;
  let oldest = memo.get(key) as OldestPack | null | undefined;
  if (oldest === undefined || (oldest && pendingState(db, oldest.id))) {
    const taken = ((memo.get(PENDING) as PendingPackScan[] | undefined) ?? []).map((p) => p.pack.id);
    oldest = await oldestInStock(db, { ...q, excluding: taken });
    memo.set(key, oldest);
  }
  return oldest && oldest.expiry < q.before ? [{ materialNo: q.materialNo, batchNo: oldest.batch_no ?? '', expiry: oldest.expiry }] : [];
}

/**
 * PostgreSQL: the pack a scan names, locked, with its parent and its batch's status (decision 0071), and
 * in the same round trip whether the document expects it: it names no list (no advance shipping notice, no document it receives), or it
 * names the pack or a unit the pack is in. Same answer as `isExpected` for a pack (which has nothing under it).
 * Each unit of the walk up probes the list by its whole key (document, unit): the probe sits in the
 * walk's select list, where the planner keeps it a probe. A join of the walk with the list let it read
 * the document's whole list for every pack instead (33 ms a pack on a document of 12,000 units, when the
 * list had grown since its statistics; decision 0050).
 */
const PACK_WITH_EXPECTED_PG = `
  SELECT h.*, p.type AS parent_type, p.sscc AS parent_sscc, p.gtin AS parent_gtin, p.serial AS parent_serial,
    ${BATCH_STATUS},
    (NOT (EXISTS (SELECT 1 FROM document_units WHERE document_id = $3)
          OR EXISTS (SELECT 1 FROM documents WHERE id = $3 AND source_document_id IS NOT NULL))
      OR EXISTS (
        WITH RECURSIVE up(id, parent_id, named) AS (
          SELECT h.id, h.parent_id, EXISTS (SELECT 1 FROM document_units du WHERE du.document_id = $3 AND du.unit_id = h.id)
          UNION ALL SELECT u.id, u.parent_id, EXISTS (SELECT 1 FROM document_units du WHERE du.document_id = $3 AND du.unit_id = u.id)
          FROM handling_units u JOIN up ON u.id = up.parent_id WHERE NOT up.named
        )
        SELECT 1 FROM up WHERE up.named)) AS expected
`;

const packExpectedPg = prepared<UnitWithParent & { expected: boolean }, [string, string, string]>(`${PACK_WITH_EXPECTED_PG}
  FROM handling_units h LEFT JOIN handling_units p ON p.id = h.parent_id ${BATCH_STATUS_JOIN}
  WHERE h.gtin = $1 AND h.serial = $2
  FOR UPDATE OF h`);

/** What a scan will read, handed to its group (`groupHints`) so the group's packs are read together. */
export interface ScanHint {
  docType: string;
  docNo: string;
  area?: string;
  key: { sscc: string } | { gtin: string; serial: string };
  /** Inside the transaction, once the document is locked: its id, whose lines are read with the group's packs. */
  documentId?: string;
}

/**
 * The group's memo key of a document's lines as the group's scans leave them (scans.service.ts keeps
 * them there after each scan); `groupReads` puts them there when it reads them with the group's packs.
 */
export function linesKey(documentId: string): string {
  return `lines ${documentId}`;
}

/**
 * PostgreSQL: as `packsExpectedPg`, and the lines of document $4 with their materials (as `lines` of
 * documents.repository.ts reads them), as JSON on the first key's row: one round trip for what
 * the group's first scan reads after the document's lock, not two (decision 0091). Read after that lock,
 * in a statement of their own, they hold the counts the group before this one committed.
 */
const packsAndLinesPg = prepared<
  UnitWithParent & { expected: boolean; lines: LineWithMaterial[] | null },
  [string[], string[], string, string]
>(`
  ${PACK_WITH_EXPECTED_PG},
    CASE WHEN k.n = 1 THEN COALESCE((
      SELECT json_agg(x ORDER BY x.line_no) FROM (
        SELECT l.*, m.name AS material_name, m.gtin FROM document_lines l JOIN materials m ON m.material_no = l.material_no
        WHERE l.document_id = $4) x), '[]')
    END AS lines
  FROM unnest(CAST($1 AS text[]), CAST($2 AS text[])) WITH ORDINALITY AS k(gtin, serial, n)
  JOIN handling_units h ON h.gtin = k.gtin AND h.serial = k.serial
  LEFT JOIN handling_units p ON p.id = h.parent_id ${BATCH_STATUS_JOIN}
  FOR UPDATE OF h`);

/** PostgreSQL: every pack of the group's scans of one document, locked, each with its ASN check (as `packExpectedPg`). */
const packsExpectedPg = prepared<UnitWithParent & { expected: boolean }, [string[], string[], string]>(`${PACK_WITH_EXPECTED_PG}
  FROM unnest(CAST($1 AS text[]), CAST($2 AS text[])) AS k(gtin, serial)
  JOIN handling_units h ON h.gtin = k.gtin AND h.serial = k.serial
  LEFT JOIN handling_units p ON p.id = h.parent_id ${BATCH_STATUS_JOIN}
  FOR UPDATE OF h`);

/**
 * The packs of the group's scans of the hint's document, read in one statement by the first of them
 * (decision 0033); undefined for a lone scan or outside a group.
 */
async function groupReads(db: Db, hint: ScanHint, documentId: string) {
  const memo = groupMemo(db);
  if (!memo) return undefined;
  const memoKey = `${READ} ${documentId}`;
  let read = memo.get(memoKey) as Map<string, UnitWithParent & { expected: boolean }> | undefined;
  if (read) return read;
  const keys = (groupHints(db) as ScanHint[])
    .filter((h) => h.docType === hint.docType && h.docNo === hint.docNo && h.area === hint.area)
    .flatMap((h) => ('gtin' in h.key ? [h.key] : []));
  if (keys.length < 2) return undefined;
  const gtins = keys.map((k) => k.gtin);
  const serials = keys.map((k) => k.serial);
  const linesOf = hint.documentId;
  const rows = linesOf
    ? await packsAndLinesPg(db, gtins, serials, documentId, linesOf)
    : await packsExpectedPg(db, gtins, serials, documentId);
  if (linesOf) {
    // Nothing of the group has counted on this document yet when its lines are not in the memo: as read, they
    // are current. The first key's pack not found (a refusal to come), the scan reads them itself.
    const lines = rows.map((r) => (r as { lines?: LineWithMaterial[] | null }).lines).find((l) => l);
    for (const row of rows) delete (row as { lines?: unknown }).lines;
    if (lines && !memo.has(linesKey(linesOf))) memo.set(linesKey(linesOf), lines);
  }
  read = new Map(rows.map((r) => [`${r.gtin} ${r.serial}`, r]));
  memo.set(memoKey, read);
  return read;
}

/**
 * The unit a scan names, locked, with its batch's status, as `findUnitForScan` answers, and for a pack on PostgreSQL whether
 * `documentId` expects it (read in the same statement); `expected` is undefined when not read here
 * (SQLite, where a statement costs no round trip; an SSCC, whose units below count too).
 */
export async function findScannedUnit(
  db: Db,
  key: { sscc: string } | { gtin: string; serial: string },
  documentId: string | undefined,
  hint?: ScanHint,
): Promise<(UnitWithParent & { expected?: boolean }) | undefined> {
  if (!isPostgres(db)) return findUnitForScan(db, key);
  // A carton or pallet: the pending states of packs scanned earlier in the group are written before its tree is read.
  if ('sscc' in key) {
    await flushGroup(db);
    return findUnitForScan(db, key);
  }
  const read = hint ? await groupReads(db, hint, documentId ?? '') : undefined;
  const [row] = read?.has(`${key.gtin} ${key.serial}`)
    ? [read.get(`${key.gtin} ${key.serial}`)!]
    : documentId === undefined
      ? await findUnitForScan(db, key).then((r) => (r ? [r] : []))
      : await packExpectedPg(db, key.gtin, key.serial, documentId);
  if (!row) return undefined;
  const expected = documentId !== undefined && row.type === 'EA' ? (row as { expected?: boolean }).expected : undefined;
  // A pack scanned earlier in the group: the state that scan left, not written yet.
  const pending = pendingState(db, row.id);
  if (!pending) return { ...row, expected };
  return {
    ...row,
    status: pending.status,
    reason: pending.reason,
    warehouse_no: pending.warehouseNo === undefined ? row.warehouse_no : pending.warehouseNo,
    expected,
  };
}
