import { sql, type RawBuilder } from 'kysely';
import { PENDING_VERIFICATION, VERIFICATION_FAILED, type DocumentStatus, type HeldOnDocument } from '@pharma/domain';
import {
  APPEND_SIGNED_PG,
  auditRow,
  auditTreePg,
  signedColumns,
  unitAuditRow,
  writeAudit,
  type AuditEntry,
  type UnitAudit,
  type UnitState,
} from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres, prepared } from '../../db/prepared.ts';
import type { ScanKind, UnitRow } from '../../db/schema.ts';
import { setLineCounts, touchDocument } from '../inventory/documents.repository.ts';
import { setTreeState, treeCte } from '../inventory/units.repository.ts';
import { forgetGroupReads, queuePackScan } from './scan-group.repository.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { ScanKind };

/**
 * Scans against documents and the packs each put on its document: their writes. SQL only. In a group
 * of scans on PostgreSQL, what the group reads once and the pack scans left to its end are
 * scan-group.repository.ts's; the audit rows a scan writes are made by db/audit.ts.
 */

export interface NewScan {
  id: string;
  documentId: string;
  unitId: string;
  kind: ScanKind;
  code: string;
  packs: number;
  userId: string;
  device: string | null;
  at: string;
  requestHash: string;
  /** The answer a repeat of the scanId gets. */
  responseJson: string;
}

const insertScanRow = prepared<never, [string, string, string, ScanKind, string, number, string, string | null, string, string, string]>(
  'INSERT INTO scans (id, document_id, unit_id, kind, code, packs, user_id, device, at, request_hash, response_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
);

/** Fails on the scanId's key when that id was used before. */
export async function insertScan(db: Db, s: NewScan): Promise<void> {
  await insertScanRow(db, s.id, s.documentId, s.unitId, s.kind, s.code, s.packs, s.userId, s.device, s.at, s.requestHash, s.responseJson);
}

const storedAnswerOf = prepared<{ request_hash: string; response_json: string }, [string]>(
  'SELECT request_hash, response_json FROM scans WHERE id = ?',
);

export async function storedAnswer(db: Db, scanId: string): Promise<{ request_hash: string; response_json: string } | undefined> {
  return (await storedAnswerOf(db, scanId))[0];
}

const insertLeafItem = prepared<never, [string, string, string, string, string, string | null, string | null, string | null]>(
  'INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason, material_no, batch_no) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?)',
);

/**
 * Puts the unit `rootId` and every unit under it on the document for the scan, each with the state
 * it has now (a reverse puts it back) and its material and batch (the ledger's, migration 0032); the
 * packs are `counted`. Runs before the scan changes their state.
 */
async function putTreeOnDocument(db: Db, documentId: string, scanId: string, rootId: string): Promise<void> {
  await sql`
    INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason, material_no, batch_no)
    WITH RECURSIVE ${treeCte(rootId)}
    SELECT CAST(${documentId} AS text), h.id, CAST(${scanId} AS text), CAST(${rootId} AS text),
      CASE WHEN h.type = 'EA' THEN 1 ELSE 0 END, h.status, h.reason, h.material_no, h.batch_no
    FROM handling_units h WHERE h.id IN (SELECT id FROM tree)`.execute(db);
}

/** Takes the units off the document. */
export async function takeOffDocument(db: Db, documentId: string, unitIds: string[]): Promise<void> {
  if (unitIds.length) await db.deleteFrom('scan_items').where('document_id', '=', documentId).where('unit_id', 'in', unitIds).execute();
}

/** Everything a scan of one pack writes. */
export interface PackScan {
  scan: NewScan;
  /** The lines' new scanned counts, by line number. */
  counts: Map<number, number>;
  /** The pack as it is before the scan. */
  pack: UnitRow;
  state: UnitState & { warehouseNo?: string | null };
  audit: UnitAudit;
  /** The document's new status and its audit entry, when the scan changes it. */
  documentStatus?: { status: DocumentStatus; audit: AuditEntry };
}

/**
 * PostgreSQL, one statement for any number of pack scans (data-modifying CTEs over `unnest` arrays):
 * the scan rows, each pack on its document with its state before, the packs' new states, their audit
 * rows and the documents' (when a scan moves one: `APPEND_SIGNED_PG` of db/audit.ts, from the rows it signs), the lines'
 * last counts and the documents' touch.
 * A group commit leaves its packs' writes to its end and makes them here at once (decision 0033).
 * A repeated scanId fails the whole statement on the scan row's key (the group then runs again scan by scan).
 */
const packScansPg = prepared<never, unknown[]>(`
  WITH scan AS (
    INSERT INTO scans (id, document_id, unit_id, kind, code, packs, user_id, device, at, request_hash, response_json)
    SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
      CAST(? AS integer[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
  ), item AS (
    INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason, material_no, batch_no)
    SELECT x.document_id, x.unit_id, x.scan_id, x.unit_id, 1, x.status, x.reason, x.material_no, x.batch_no
    FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
      CAST(? AS text[])) AS x(document_id, unit_id, scan_id, status, reason, material_no, batch_no)
  ), pack AS (
    UPDATE handling_units h SET status = x.status, reason = x.reason,
      warehouse_no = CASE WHEN x.moves THEN x.warehouse_no ELSE h.warehouse_no END, updated_at = x.at
    FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS boolean[]), CAST(? AS text[]), CAST(? AS text[]))
      AS x(id, status, reason, moves, warehouse_no, at)
    WHERE h.id = x.id
  ), audit AS (
    ${APPEND_SIGNED_PG}
  ), counts AS (
    UPDATE document_lines l SET scanned_quantity = c.n
    FROM unnest(CAST(? AS text[]), CAST(? AS integer[]), CAST(? AS integer[])) AS c(document_id, line_no, n)
    WHERE l.document_id = c.document_id AND l.line_no = c.line_no
  )
  UPDATE documents d SET updated_at = x.at, status = COALESCE(x.status, d.status)
  FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[])) AS x(id, at, status)
  WHERE d.id = x.id`);

/**
 * Writes a scan of one pack. SQLite: now, as the statements it runs fastest. PostgreSQL: in a group
 * commit, at the group's end with the group's other packs (one statement); outside one, now.
 */
export async function recordPackScan(db: Db, p: PackScan): Promise<void> {
  const { scan, pack, state, audit } = p;
  if (!isPostgres(db)) {
    await insertScan(db, scan);
    await setLineCounts(db, scan.documentId, p.counts, 'scanned_quantity');
    await insertLeafItem(db, scan.documentId, pack.id, scan.id, pack.id, pack.status, pack.reason, pack.material_no, pack.batch_no);
    await setTreeState(db, pack.id, state, audit, pack);
    await touchDocument(db, scan.documentId, scan.at, p.documentStatus?.status);
    if (p.documentStatus) await writeAudit(db, [p.documentStatus.audit], scan.at);
    return;
  }
  if (queuePackScan(db, p, writePackScans)) return;
  await writePackScans(db, [p]);
}

async function writePackScans(db: Db, all: PackScan[]): Promise<void> {
  if (all.length === 0) return;
  const col = <T>(f: (p: PackScan) => T) => all.map(f);
  const audits = all.flatMap((p) => [
    unitAuditRow(p.audit, p.pack.id, p.pack, p.state),
    ...(p.documentStatus ? [auditRow(p.documentStatus.audit, p.scan.at)] : []),
  ]);
  // The lines' and documents' last state: a later scan of the group counted on top of an earlier one.
  const counts = new Map<string, [string, number, number]>();
  const docs = new Map<string, [string, string, string | null]>();
  for (const p of all) {
    for (const [lineNo, n] of p.counts) counts.set(`${p.scan.documentId} ${lineNo}`, [p.scan.documentId, lineNo, n]);
    const status = p.documentStatus?.status ?? docs.get(p.scan.documentId)?.[2] ?? null;
    docs.set(p.scan.documentId, [p.scan.documentId, p.scan.at, status]);
  }
  const column = <T>(rows: T[][], i: number) => rows.map((r) => r[i]);
  const scans = all.map((p) => scanValues(p.scan));
  const countRows: unknown[][] = [...counts.values()];
  const docRows: unknown[][] = [...docs.values()];
  await packScansPg(
    db,
    ...Array.from({ length: 11 }, (_, i) => column(scans, i)),
    col((p) => p.scan.documentId),
    col((p) => p.pack.id),
    col((p) => p.scan.id),
    col((p) => p.pack.status),
    col((p) => p.pack.reason),
    col((p) => p.pack.material_no),
    col((p) => p.pack.batch_no),
    col((p) => p.pack.id),
    col((p) => p.state.status),
    col((p) => p.state.reason),
    col((p) => p.state.warehouseNo !== undefined),
    col((p) => p.state.warehouseNo ?? null),
    col((p) => p.audit.at),
    ...signedColumns(db, audits),
    ...Array.from({ length: 3 }, (_, i) => column(countRows, i)),
    ...Array.from({ length: 3 }, (_, i) => column(docRows, i)),
  );
}

/** Replaces the answer a repeat of the scan id gets (a scan made inside a larger operation answers that operation's). */
export async function setStoredAnswer(db: Db, scanId: string, responseJson: string): Promise<void> {
  await db.updateTable('scans').set({ response_json: responseJson }).where('id', '=', scanId).execute();
}

/** Everything a scan of a carton or pallet writes: the unit and everything under it. */
export interface TreeScan extends Omit<PackScan, 'pack'> {
  rootId: string;
  /** The unit and everything under it as read and locked for the scan (`subtree` with its lock), before the scan changes them. */
  tree: UnitRow[];
}

/**
 * PostgreSQL, one statement: the scan row, the lines' counts, every unit of the tree on the document
 * with its state before, their new state, the document's audit row when the scan moves it, and its
 * touch. The tree comes as the scan read and locked it (arrays for `unnest`), not walked again: its
 * rows are locked since, so no state changed and no unit was put under it (a child's key check waits on
 * its parent's lock). Each unit is found by its key once, by the update. The units' audit rows follow
 * in `auditTreePg` (db/audit.ts).
 */
const treeScanPg = prepared<never, unknown[]>(`
  WITH tree AS (
    SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
      AS t(id, type, status, reason, material_no, batch_no)
  ), scan AS (
    INSERT INTO scans (id, document_id, unit_id, kind, code, packs, user_id, device, at, request_hash, response_json)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ), counts AS (
    UPDATE document_lines l SET scanned_quantity = c.n
    FROM unnest(CAST(? AS integer[]), CAST(? AS integer[])) AS c(line_no, n)
    WHERE l.document_id = ? AND l.line_no = c.line_no
  ), items AS (
    INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason, material_no, batch_no)
    SELECT CAST(? AS text), h.id, CAST(? AS text), CAST(? AS text), CASE WHEN h.type = 'EA' THEN 1 ELSE 0 END, h.status, h.reason,
      h.material_no, h.batch_no
    FROM tree h
  ), units AS (
    UPDATE handling_units h SET status = ?, reason = ?,
      warehouse_no = CASE WHEN CAST(? AS boolean) THEN CAST(? AS text) ELSE h.warehouse_no END, updated_at = ?
    FROM tree WHERE h.id = tree.id
  ), doc_audit AS (
    ${APPEND_SIGNED_PG}
  )
  UPDATE documents SET updated_at = ?, status = COALESCE(CAST(? AS text), status) WHERE id = ?`);

/**
 * Writes a scan of a carton or pallet: on SQLite as the statements it runs fastest; on PostgreSQL in
 * two statements, the tree's units and the scan first, then the units' audit rows (`auditTreePg`). The
 * first is sent before the audit rows are signed, so PostgreSQL writes the tree while the server signs (a
 * pallet's 4,849 MACs take about 15 ms, decision 0059); the second follows on the same connection.
 */
export async function recordTreeScan(db: Db, p: TreeScan): Promise<void> {
  const { scan, state, audit, tree } = p;
  if (!isPostgres(db)) {
    // The scan row first: a repeated scanId stops here, on its key, before anything else is written.
    await insertScan(db, scan);
    await setLineCounts(db, scan.documentId, p.counts, 'scanned_quantity');
    await putTreeOnDocument(db, scan.documentId, scan.id, p.rootId);
    await setTreeState(db, p.rootId, state, audit, tree);
    await touchDocument(db, scan.documentId, scan.at, p.documentStatus?.status);
    if (p.documentStatus) await writeAudit(db, [p.documentStatus.audit], scan.at);
    return;
  }
  // The tree's packs change: the group's later scans read them again.
  forgetGroupReads(db);
  const written = treeScanPg(
    db,
    tree.map((u) => u.id),
    tree.map((u) => u.type),
    tree.map((u) => u.status),
    tree.map((u) => u.reason),
    tree.map((u) => u.material_no),
    tree.map((u) => u.batch_no),
    ...scanValues(scan),
    [...p.counts.keys()],
    [...p.counts.values()],
    scan.documentId,
    scan.documentId,
    scan.id,
    p.rootId,
    state.status,
    state.reason,
    state.warehouseNo !== undefined,
    state.warehouseNo ?? null,
    audit.at,
    ...signedColumns(db, p.documentStatus ? [auditRow(p.documentStatus.audit, scan.at)] : []),
    scan.at,
    p.documentStatus?.status ?? null,
    scan.documentId,
  );
  await auditTreePg(db, written, tree, state, audit);
}

function scanValues(s: NewScan): unknown[] {
  return [s.id, s.documentId, s.unitId, s.kind, s.code, s.packs, s.userId, s.device, s.at, s.requestHash, s.responseJson];
}

/**
 * The packs of `ids` (a query yielding unit ids: the units on a document being completed) whose batch is
 * on hold or recalled, counted per batch (issue 30, decision 0071).
 */
export async function heldBatchesAmong(db: Db, ids: RawBuilder<unknown>): Promise<HeldOnDocument[]> {
  const { rows } = await sql<{ material_no: string; batch_no: string; status: HeldOnDocument['status']; packs: number | string }>`
    SELECT h.material_no, h.batch_no, bs.status, COUNT(*) AS packs
    FROM handling_units h JOIN batch_statuses bs ON bs.material_no = h.material_no AND bs.batch_no = h.batch_no
    WHERE h.id IN (${ids}) AND h.type = 'EA' AND bs.status <> 'RELEASED'
    GROUP BY h.material_no, h.batch_no, bs.status`.execute(db);
  return rows.map((r) => ({ materialNo: r.material_no, batchNo: r.batch_no, status: r.status, packs: Number(r.packs) }));
}

type Batch = { materialNo: string; batchNo: string };

/** Whether unit `h` is a pack of one of the batches. */
function packOf(batches: readonly Batch[]): RawBuilder<unknown> {
  const any = sql.join(
    batches.map((b) => sql`(h.material_no = ${b.materialNo} AND h.batch_no = ${b.batchNo})`),
    sql` OR `,
  );
  return sql`(h.type = 'EA' AND (${any}))`;
}

/** The units of `ids` that are packs of the batches (as read by `heldBatchesAmong`: a hold committed since changes nothing here). */
export function packsOfBatches(ids: RawBuilder<unknown>, batches: readonly Batch[]): RawBuilder<unknown> {
  return sql`SELECT h.id FROM handling_units h WHERE h.id IN (${ids}) AND ${packOf(batches)}`;
}

/** The units of `ids` other than the packs of the batches. */
export function unitsBesidesBatches(ids: RawBuilder<unknown>, batches: readonly Batch[]): RawBuilder<unknown> {
  if (batches.length === 0) return ids;
  return sql`SELECT h.id FROM handling_units h WHERE h.id IN (${ids}) AND NOT ${packOf(batches)}`;
}

/** The units of `ids` but those a national verification holds in quarantine (issue 28): waiting for its answer, or not verified. */
export function besidesVerificationHolds(ids: RawBuilder<unknown>): RawBuilder<unknown> {
  const held = [PENDING_VERIFICATION, VERIFICATION_FAILED].map((s) => sql`(h.status = ${s.status} AND h.reason = ${s.reason})`);
  return sql`SELECT h.id FROM handling_units h WHERE h.id IN (${ids}) AND NOT (${sql.join(held, sql` OR `)})`;
}
