import type { Db } from '../../db/database.ts';

/** The scans on a document, scan by scan, and the rows a removal writes (issue 27, decision 0066). SQL only. */

/** Who scanned: the user's name, as the row's user is on record. */
interface Who {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

export interface CountedScanRow extends Who {
  id: string;
  kind: 'scan' | 'reverse';
  material_no: string;
  batch_no: string;
  line_no: number;
  reverses: string | null;
  user_id: string;
  device: string | null;
  at: string;
}

/** Every scan and reverse of a counted document (counted_scans), oldest first (one order, ties by id), with its user's name. */
export function countedScans(db: Db, documentId: string): Promise<CountedScanRow[]> {
  return db
    .selectFrom('counted_scans as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.kind',
      'c.material_no',
      'c.batch_no',
      'c.line_no',
      'c.reverses',
      'c.user_id',
      'c.device',
      'c.at',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('c.document_id', '=', documentId)
    .orderBy('c.at')
    .orderBy('c.id')
    .execute();
}

export interface UnitScanRow extends Who {
  id: string;
  user_id: string;
  device: string | null;
  at: string;
  sscc: string | null;
  gtin: string | null;
  serial: string | null;
  material_no: string | null;
  batch_no: string | null;
  packs: number;
}

/** What a unit scan row shows, selected and grouped by alike. */
const UNIT_SCAN_COLUMNS = [
  's.id',
  's.user_id',
  's.device',
  's.at',
  'r.sscc',
  'r.gtin',
  'r.serial',
  'h.material_no',
  'h.batch_no',
  'u.first_name',
  'u.last_name',
  'u.email',
] as const;

/**
 * The unit scans still on a document (a scan whose packs are on it, scan_items counted): per scan and
 * per material and batch, the packs it put there, the unit scanned (its root) and who scanned it.
 */
export async function unitScans(db: Db, documentId: string): Promise<UnitScanRow[]> {
  const rows = await db
    .selectFrom('scan_items as i')
    .innerJoin('scans as s', 's.id', 'i.scan_id')
    .innerJoin('handling_units as h', 'h.id', 'i.unit_id')
    .innerJoin('handling_units as r', 'r.id', 'i.root_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => [...UNIT_SCAN_COLUMNS, eb.fn.countAll<number>().as('packs')])
    .where('i.document_id', '=', documentId)
    .where('i.counted', '=', 1)
    .groupBy([...UNIT_SCAN_COLUMNS])
    .orderBy('s.at')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({ ...r, packs: Number(r.packs) }));
}

/** The unit a scan on the document put there (its root), while any of its units is still on the document. */
export function scannedRoot(
  db: Db,
  documentId: string,
  scanId: string,
): Promise<{ sscc: string | null; gtin: string | null; serial: string | null } | undefined> {
  return db
    .selectFrom('scan_items as i')
    .innerJoin('handling_units as r', 'r.id', 'i.root_id')
    .select(['r.sscc', 'r.gtin', 'r.serial'])
    .where('i.document_id', '=', documentId)
    .where('i.scan_id', '=', scanId)
    .limit(1)
    .executeTakeFirst();
}

/** The code of a unit scan or reverse with this id, if one was made: a removal repeated is sent again with its code. */
export async function unitScanCode(db: Db, scanId: string): Promise<string | undefined> {
  return (await db.selectFrom('scans').select('code').where('id', '=', scanId).executeTakeFirst())?.code;
}

export interface NewRemoval {
  id: string;
  documentId: string;
  code: string;
  materialNo: string;
  batchNo: string;
  lineNo: number;
  reverses: string;
  userId: string;
  at: string;
  requestHash: string;
  responseJson: string;
}

/** A counted scan taken off: a reverse row naming the scan it undoes. Fails on the id's key when the scanId was used. */
export async function insertRemoval(db: Db, r: NewRemoval): Promise<void> {
  await db
    .insertInto('counted_scans')
    .values({
      id: r.id,
      document_id: r.documentId,
      kind: 'reverse',
      code: r.code,
      material_no: r.materialNo,
      batch_no: r.batchNo,
      line_no: r.lineNo,
      user_id: r.userId,
      device: null,
      at: r.at,
      request_hash: r.requestHash,
      response_json: r.responseJson,
      reverses: r.reverses,
    })
    .execute();
}

/** The answer a repeat of the removal's scanId gets, once the removal is written. */
export async function setRemovalAnswer(db: Db, id: string, responseJson: string): Promise<void> {
  await db.updateTable('counted_scans').set({ response_json: responseJson }).where('id', '=', id).execute();
}
