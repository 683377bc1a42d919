import { sql, type RawBuilder } from 'kysely';
import { PENDING_VERIFICATION, VERIFICATION_FAILED, type DocumentStatus, type HeldOnDocument } from '@pharma/domain';
import {
  auditMacs,
  auditRow,
  signedColumns,
  stateJson,
  unitAuditRow,
  unitAuditRows,
  writeAudit,
  type AuditEntry,
  type UnitAudit,
  type UnitState,
} from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { isPostgres, prepared } from '../../db/prepared.ts';
import { atGroupEnd, flushGroup, groupHints, groupMemo } from '../../db/transactor.ts';
import type { ScanKind, UnitRow } from '../../db/schema.ts';
import {
  oldestInStock,
  olderStock as olderStockNow,
  setLineCounts,
  touchDocument,
  type OldestPack,
  type StockQuery,
} from '../inventory/documents.repository.ts';
import {
  BATCH_STATUS,
  BATCH_STATUS_JOIN,
  findUnitForScan,
  setTreeState,
  treeCte,
  type UnitWithParent,
} from '../inventory/units.repository.ts';

/** Scans against documents and the packs each put on its document. SQL only. */

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
 * rows and the documents' (when a scan moves one), the lines' last counts and the documents' touch.
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
    INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
    SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
      CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
  ), counts AS (
    UPDATE document_lines l SET scanned_quantity = c.n
    FROM unnest(CAST(? AS text[]), CAST(? AS integer[]), CAST(? AS integer[])) AS c(document_id, line_no, n)
    WHERE l.document_id = c.document_id AND l.line_no = c.line_no
  )
  UPDATE documents d SET updated_at = x.at, status = COALESCE(x.status, d.status)
  FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[])) AS x(id, at, status)
  WHERE d.id = x.id`);

const PENDING = 'pending pack scans';

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
  const memo = groupMemo(db);
  const write = () => {
    const written = ((memo!.get(PENDING) as PackScan[] | undefined) ?? []).splice(0);
    // Once written, the pending states are no longer laid over the packs read for the group: they take them.
    settleGroupReads(memo, written);
    return writePackScans(db, written);
  };
  if (memo && atGroupEnd(db, PENDING, write)) {
    const pending = (memo.get(PENDING) as PackScan[] | undefined) ?? [];
    pending.push(p);
    memo.set(PENDING, pending);
    return;
  }
  await writePackScans(db, [p]);
}

/** The state a pack scanned earlier in the group will have once the group's writes are made, if any. */
function pendingState(db: Db, unitId: string): PackScan['state'] | undefined {
  const pending = groupMemo(db)?.get(PENDING) as PackScan[] | undefined;
  return pending?.findLast((p) => p.pack.id === unitId)?.state;
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
}

/** PostgreSQL: every pack of the group's scans of one document, locked, each with its ASN check (as `packExpectedPg`). */
const packsExpectedPg = prepared<UnitWithParent & { expected: boolean }, [string[], string[], string]>(`${PACK_WITH_EXPECTED_PG}
  FROM unnest(CAST($1 AS text[]), CAST($2 AS text[])) AS k(gtin, serial)
  JOIN handling_units h ON h.gtin = k.gtin AND h.serial = k.serial
  LEFT JOIN handling_units p ON p.id = h.parent_id ${BATCH_STATUS_JOIN}
  FOR UPDATE OF h`);

const READ = 'packs read for the group';

/** Forgets the packs read for the group: after writes that change them. */
function forgetGroupReads(memo: Map<string, unknown> | undefined): void {
  if (memo) for (const key of [...memo.keys()]) if (key.startsWith(READ)) memo.delete(key);
}

/** The packs read for the group take the states the written scans left them in. */
function settleGroupReads(memo: Map<string, unknown> | undefined, written: PackScan[]): void {
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

const OLDEST = `${READ}: oldest in stock`;

/**
 * The batch of a material in stock expiring first before `q.before` (first expiry, first out), as
 * `olderStock` of the documents answers. PostgreSQL, in a group of scans (decision 0053): the oldest
 * pack of the stock, read once for the group and kept in its memo, leaving out the packs the group's
 * scans have taken and not written yet, so a dispatch scan need not write the group's scans before it
 * asks. Asked again when a scan of the group takes that pack, and after a carton or pallet is written.
 * A pack a scan of the group puts into stock is not seen until the group is written: the dispatch is
 * answered as if it came first, which its answer allows (a warning, nothing refused).
 */
export async function olderStock(db: Db, q: StockQuery): Promise<{ materialNo: string; batchNo: string; expiry: string }[]> {
  const memo = groupMemo(db);
  if (!isPostgres(db) || !memo) return olderStockNow(db, q);
  const key = `${OLDEST} ${q.warehouseNo} ${q.materialNo} ${q.from} ${JSON.stringify(q.states)}`;
  let oldest = memo.get(key) as OldestPack | null | undefined;
  if (oldest === undefined || (oldest && pendingState(db, oldest.id))) {
    const taken = ((memo.get(PENDING) as PackScan[] | undefined) ?? []).map((p) => p.pack.id);
    oldest = await oldestInStock(db, { ...q, excluding: taken });
    memo.set(key, oldest);
  }
  return oldest && oldest.expiry < q.before ? [{ materialNo: q.materialNo, batchNo: oldest.batch_no ?? '', expiry: oldest.expiry }] : [];
}

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
  const rows = await packsExpectedPg(
    db,
    keys.map((k) => k.gtin),
    keys.map((k) => k.serial),
    documentId,
  );
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
 * in `treeAuditPg`.
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
    INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
    SELECT * FROM unnest(CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]),
      CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]), CAST(? AS text[]))
  )
  UPDATE documents SET updated_at = ?, status = COALESCE(CAST(? AS text), status) WHERE id = ?`);

/**
 * PostgreSQL: the audit rows of a tree's units in one operation, each with its state before and its MAC.
 * The operation's fields come once; the units' ids and MACs as arrays; their states before (a tree has
 * one or a few) as a short list and each unit's place in it.
 */
const treeAuditPg = prepared<never, unknown[]>(`
  INSERT INTO audit_log (id, at, actor_id, entity, entity_id, action, before_json, after_json, reason, mac)
  SELECT CAST(? AS text) || '/' || t.id, CAST(? AS text), CAST(? AS text), 'unit', t.id, CAST(? AS text),
    (CAST(? AS text[]))[t.state], CAST(? AS text), CAST(? AS text), t.mac
  FROM unnest(CAST(? AS text[]), CAST(? AS integer[]), CAST(? AS text[])) AS t(id, state, mac)`);

/**
 * Writes a scan of a carton or pallet: on SQLite as the statements it runs fastest; on PostgreSQL in
 * two statements, the tree's units and the scan first, then the units' audit rows. The first is sent
 * before the audit rows are signed, so PostgreSQL writes the tree while the server signs (a pallet's
 * 4,849 MACs take about 15 ms, decision 0059); the second follows on the same connection.
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
  forgetGroupReads(groupMemo(db));
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
  // Its failure is met by the `await` below; meanwhile it must not count as unhandled.
  written.catch(() => undefined);
  // Let the statement go out (the driver sends it a few promise turns later), then sign while PostgreSQL writes.
  await new Promise((resolve) => setImmediate(resolve));
  const rows = unitAuditRows(audit, tree, state);
  const macs = auditMacs(db, rows);
  await written;
  const states = [...new Set(rows.map((r) => r.before_json!))];
  const place = new Map(states.map((json, i) => [json, i + 1]));
  await treeAuditPg(
    db,
    audit.opId,
    audit.at,
    audit.actorId,
    audit.action,
    states,
    stateJson(state),
    audit.why,
    tree.map((u) => u.id),
    rows.map((r) => place.get(r.before_json!)),
    macs,
  );
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
