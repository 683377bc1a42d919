import type { Db } from '../../db/database.ts';
import * as repo from './batches.repository.ts';
import type { BatchDocument, BatchDocumentRow, BatchUnitRow, ScanItemKey } from './batches.repository.ts';
import type { Slices } from '../../lib/slices.ts';

/**
 * A batch's units and the documents they are on, read a range at a time with scans served in between
 * (decision 0070): what a change of its status covers, its EPCIS events (decision 0073) and its
 * whereabouts are all made from this one read.
 */

/** Packs per read: a range of the batch's index, 1 to 3 ms on SQLite; where slices never end (the batch worker), more. */
const PACKS_PER_READ = 500;
const PACKS_PER_WHOLE_READ = 5000;
/** Ids per `IN` list. */
const IDS_PER_READ = 500;
/** scan_items rows per read of its primary key: 3 to 5 ms on SQLite. */
const SCAN_ITEMS_PER_READ = 4000;

export interface BatchUnits {
  /** The batch's packs (units of type EA of its material and batch), in id order. */
  packs: BatchUnitRow[];
  /** Every pallet, carton and bundle above one of them, by id, each once. */
  holders: Map<string, BatchUnitRow>;
}

/**
 * Every unit of the batch: its packs, PACKS_PER_READ at a time from the batch's index, and the units
 * above them, a level at a time by id, each read once however many packs it holds.
 */
export async function readBatchUnits(db: Db, materialNo: string, batchNo: string, slices: Slices): Promise<BatchUnits> {
  const packs: BatchUnitRow[] = [];
  const holders = new Map<string, BatchUnitRow>();
  const asked = new Set<string>();
  const parentsOf = (rows: readonly BatchUnitRow[]) => {
    const ids: string[] = [];
    for (const r of rows) {
      if (r.parent_id === null || asked.has(r.parent_id)) continue;
      asked.add(r.parent_id);
      ids.push(r.parent_id);
    }
    return ids;
  };
  const perRead = slices.yields ? PACKS_PER_READ : PACKS_PER_WHOLE_READ;
  for (let after = ''; ;) {
    const read = await repo.batchPacksAfter(db, materialNo, batchNo, after, perRead);
    await slices.breathe();
    for (const pack of read) packs.push(pack);
    for (let wanted = parentsOf(read); wanted.length > 0;) {
      const found: BatchUnitRow[] = [];
      for (let i = 0; i < wanted.length; i += IDS_PER_READ) {
        for (const holder of await repo.unitsWithIds(db, wanted.slice(i, i + IDS_PER_READ))) found.push(holder);
        await slices.breathe();
      }
      for (const holder of found) holders.set(holder.id, holder);
      wanted = parentsOf(found);
    }
    if (read.length < perRead) return { packs, holders };
    after = read[read.length - 1]!.id;
  }
}

/** What a change of a batch's status covers: the count of its units and the warehouses of its stock. */
export interface Covered {
  units: number;
  warehouses: string[];
}

/**
 * What a change of the batch's status covers: its packs and the pallets, cartons and bundles holding
 * them, and the warehouses where its packs are in stock (in their order).
 */
export function covered(units: BatchUnits): Covered {
  const warehouses = new Set<string>();
  for (const p of units.packs) if (Number(p.in_stock) === 1 && p.warehouse_no !== null) warehouses.add(p.warehouse_no);
  return { units: units.packs.length + units.holders.size, warehouses: [...warehouses].sort() };
}

/**
 * Every document a unit of the batch is on: scanned on it (the scan's time) or expected by it (a
 * notice's or a transfer's units). The expected ones come from the index on document_units(unit_id).
 * The scanned ones from walking scan_items' primary key a range at a time (it has no index on its
 * unit: about 2 s of reads per million rows, none holding the event loop long), each of the batch's units
 * kept, then their scans' times by the primary key, document by document. Then the documents by id.
 */
export async function batchDocuments(db: Db, units: BatchUnits, slices: Slices): Promise<BatchDocumentRow[]> {
  const ids: string[] = [];
  for (const p of units.packs) ids.push(p.id);
  for (const id of units.holders.keys()) ids.push(id);
  const ofBatch = new Set<string>();
  for (const id of ids) {
    ofBatch.add(id);
    if (slices.spent()) await slices.pause();
  }
  const scanned = new Map<string, string[]>();
  for (let after: ScanItemKey = { document_id: '', unit_id: '' }; ;) {
    const read = await repo.scanItemsAfter(db, after, SCAN_ITEMS_PER_READ);
    for (const item of read) {
      if (!ofBatch.has(item.unit_id)) continue;
      const on = scanned.get(item.document_id);
      if (on) on.push(item.unit_id);
      else scanned.set(item.document_id, [item.unit_id]);
    }
    await slices.breathe();
    if (read.length < SCAN_ITEMS_PER_READ) break;
    after = read[read.length - 1]!;
  }
  const times: (ScanItemKey & { at: string })[] = [];
  for (const [documentId, unitIds] of scanned) {
    for (const some of chunks(unitIds, IDS_PER_READ)) {
      for (const r of await repo.scannedAt(db, documentId, some)) times.push({ document_id: documentId, unit_id: r.unit_id, at: r.at });
      await slices.breathe();
    }
  }
  const expected: ScanItemKey[] = [];
  for (const some of chunks(ids, IDS_PER_READ)) {
    for (const row of await repo.documentUnitsOf(db, some)) expected.push(row);
    await slices.breathe();
  }
  const documentIds = new Set(scanned.keys());
  for (const e of expected) documentIds.add(e.document_id);
  const documents = new Map<string, BatchDocument>();
  for (const some of chunks([...documentIds], IDS_PER_READ)) {
    for (const d of await repo.documentsWithIds(db, some)) documents.set(d.id, d);
    await slices.breathe();
  }
  const rows: BatchDocumentRow[] = [];
  const add = (item: ScanItemKey, at: string | null) => {
    const d = documents.get(item.document_id);
    if (!d) return;
    const { id, ...columns } = d;
    rows.push({ unit_id: item.unit_id, document_id: id, ...columns, at });
  };
  for (const t of times) {
    add(t, t.at);
    if (slices.spent()) await slices.pause();
  }
  for (const e of expected) {
    add(e, null);
    if (slices.spent()) await slices.pause();
  }
  return rows;
}

function* chunks<T>(values: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}
