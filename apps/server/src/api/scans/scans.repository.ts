import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { ScanKind } from '../../db/schema.ts';
import { treeCte } from '../inventory/units.repository.ts';

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

const insertLeafItem = prepared<never, [string, string, string, string, string, string | null]>(
  'INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason) VALUES (?, ?, ?, ?, 1, ?, ?)',
);

/**
 * Puts `root` and every unit under it on the document for the scan, each with the state it has now
 * (a reverse puts it back); the packs are `counted`. Runs before the scan changes their state.
 */
export async function putOnDocument(
  db: Db,
  documentId: string,
  scanId: string,
  root: { id: string; type: string; status: string; reason: string | null },
  leaf: boolean,
): Promise<void> {
  if (leaf) {
    await insertLeafItem(db, documentId, root.id, scanId, root.id, root.status, root.reason);
    return;
  }
  await sql`
    INSERT INTO scan_items (document_id, unit_id, scan_id, root_id, counted, before_status, before_reason)
    WITH RECURSIVE ${treeCte(root.id)}
    SELECT CAST(${documentId} AS text), h.id, CAST(${scanId} AS text), CAST(${root.id} AS text),
      CASE WHEN h.type = 'EA' THEN 1 ELSE 0 END, h.status, h.reason
    FROM handling_units h WHERE h.id IN (SELECT id FROM tree)`.execute(db);
}

/** Takes the units off the document. */
export async function takeOffDocument(db: Db, documentId: string, unitIds: string[]): Promise<void> {
  if (unitIds.length) await db.deleteFrom('scan_items').where('document_id', '=', documentId).where('unit_id', 'in', unitIds).execute();
}

/** Replaces the answer a repeat of the scan id gets (a scan made inside a larger operation answers that operation's). */
export async function setStoredAnswer(db: Db, scanId: string, responseJson: string): Promise<void> {
  await db.updateTable('scans').set({ response_json: responseJson }).where('id', '=', scanId).execute();
}
