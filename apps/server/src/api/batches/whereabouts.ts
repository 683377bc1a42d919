import { unitId, type Application, type Registry } from '@pharma/domain';
import type { WhereaboutsResponse } from '@pharma/domain/contract/batches';
import type { BatchDocumentRow, BatchUnitRow } from './batches.repository.ts';
import { mapInSlices, sortInSlices, type Slices } from '../../lib/slices.ts';

/**
 * Where a batch's packs are (issue 30, decision 0070), from its units and the documents they are on,
 * as `batch-units.ts` read them: no database, and a slice at a time (`Slices`: 100,000 packs and their
 * documents take longer than a scan may wait). Each pack counts in one total:
 * - decommissioned: DESTROYED (scrapped);
 * - returned: TRANSIT / DISPATCHED, the last completed document that sent it being one whose family
 *   sends stock back (CBV disposition `returned`: return to principal);
 * - dispatched: TRANSIT / DISPATCHED otherwise (a dispatch);
 * - inStock: in stock in a warehouse (the repository's `in_stock`: on hand in any condition, or picked
 *   on a document not completed yet);
 * - inTransit: everything else, stock on its way or not arrived: transferred (TRANSIT / PENDING GR),
 *   announced by a notice, on a receipt or a return not completed yet, short on a receipt.
 */
export interface WhereaboutsInput {
  units: readonly BatchUnitRow[];
  documents: readonly BatchDocumentRow[];
  warehouses: readonly { warehouse_no: string; name: string; area: Application }[];
  partners: readonly { warehouse_no: string; partner_id: string; role: string; name: string }[];
}

export type Whereabouts = Pick<WhereaboutsResponse, 'totals' | 'warehouses' | 'openDocuments' | 'dispatched'>;
type Total = keyof WhereaboutsResponse['totals'];

/** The families of the registry the server runs (decision 0085), as the whereabouts read them. */
type Families = Pick<Registry, 'familyOf'>;

/** A family whose completion sends its stock out of the warehouse (in transit): dispatch, transfer, return to principal. */
function sendsOut(families: Families, type: string): boolean {
  return families.familyOf(type)?.completed.status === 'TRANSIT';
}

/** A family whose completion sends stock back to its source (CBV disposition `returned` in transit): return to principal. */
function sendsBack(families: Families, type: string): boolean {
  const family = families.familyOf(type);
  return family?.completed.status === 'TRANSIT' && family.cbv.disposition === 'returned';
}

function byDocument(a: { docType: string; docNo: string }, b: { docType: string; docNo: string }): number {
  return a.docType.localeCompare(b.docType) || a.docNo.localeCompare(b.docNo);
}

/**
 * The totals, the stock per warehouse and the documents; in slices (a batch has 100,000 packs and more).
 * Which documents sent stock out, and which sent it back, the document's family in `families` says.
 */
export async function whereabouts(input: WhereaboutsInput, families: Families, slices: Slices): Promise<Whereabouts> {
  const units = await unitsById(input.units, slices);
  const docsOf = await documentsByUnit(input.documents, slices);

  const totals: Record<Total, number> = { inStock: 0, inTransit: 0, dispatched: 0, decommissioned: 0, returned: 0 };
  const stock = new Map<string, { units: number; pallets: Set<string>; cartons: Set<string>; looseUnits: number }>();
  for (const pack of input.units) {
    if (slices.spent()) await slices.pause();
    if (pack.type !== 'EA') continue;
    const total = totalOf(families, pack, docsOf.get(pack.id) ?? []);
    totals[total] += 1;
    if (total !== 'inStock' || !pack.warehouse_no) continue;
    let here = stock.get(pack.warehouse_no);
    if (!here) stock.set(pack.warehouse_no, (here = { units: 0, pallets: new Set(), cartons: new Set(), looseUnits: 0 }));
    here.units += 1;
    let held = false;
    for (let up = pack.parent_id ? units.get(pack.parent_id) : undefined; up; up = up.parent_id ? units.get(up.parent_id) : undefined) {
      if (up.type === 'PLT' && up.sscc) here.pallets.add(up.sscc);
      if (up.type === 'CTN' && up.sscc) here.cartons.add(up.sscc);
      held ||= up.type === 'PLT' || up.type === 'CTN';
    }
    if (!held) here.looseUnits += 1;
  }
  const areaOf = new Map(input.warehouses.map((w) => [w.warehouse_no, w.area]));
  const warehouses = [...stock.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([warehouseNo, s]) => {
      const area = areaOf.get(warehouseNo);
      if (!area) return [];
      return [
        { warehouseNo, area, units: s.units, pallets: [...s.pallets].sort(), cartons: [...s.cartons].sort(), looseUnits: s.looseUnits },
      ];
    });

  // The documents holding packs of the batch: open ones, and completed ones that sent stock out.
  const open = new Map<string, { docType: string; docNo: string; packs: Set<string> }>();
  const sent = new Map<string, { row: BatchDocumentRow; packs: Set<string> }>();
  for (const d of input.documents) {
    if (slices.spent()) await slices.pause();
    if (units.get(d.unit_id)?.type !== 'EA') continue;
    if (d.status !== 'Completed') {
      let doc = open.get(d.document_id);
      if (!doc) open.set(d.document_id, (doc = { docType: d.type, docNo: d.number, packs: new Set() }));
      doc.packs.add(d.unit_id);
    } else if (sendsOut(families, d.type) && d.completed_at) {
      let doc = sent.get(d.document_id);
      if (!doc) sent.set(d.document_id, (doc = { row: d, packs: new Set() }));
      doc.packs.add(d.unit_id);
    }
  }
  const openDocuments = [...open.values()].map((d) => ({ docType: d.docType, docNo: d.docNo, units: d.packs.size })).sort(byDocument);
  const dispatched = [...sent.values()]
    .map(({ row, packs: on }) => ({
      docType: row.type,
      docNo: row.number,
      partner: partnerOf(families, row, input),
      completedAt: row.completed_at!,
      units: on.size,
    }))
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt) || byDocument(a, b));
  return { totals, warehouses, openDocuments, dispatched };
}

async function unitsById(units: readonly BatchUnitRow[], slices: Slices): Promise<Map<string, BatchUnitRow>> {
  const byId = new Map<string, BatchUnitRow>();
  for (const u of units) {
    byId.set(u.id, u);
    if (slices.spent()) await slices.pause();
  }
  return byId;
}

async function documentsByUnit(documents: readonly BatchDocumentRow[], slices: Slices): Promise<Map<string, BatchDocumentRow[]>> {
  const of = new Map<string, BatchDocumentRow[]>();
  for (const d of documents) {
    const list = of.get(d.unit_id);
    if (list) list.push(d);
    else of.set(d.unit_id, [d]);
    if (slices.spent()) await slices.pause();
  }
  return of;
}

function totalOf(families: Families, pack: BatchUnitRow, documents: readonly BatchDocumentRow[]): Total {
  if (pack.status === 'DESTROYED') return 'decommissioned';
  if (pack.status === 'TRANSIT' && pack.reason === 'DISPATCHED') {
    const last = documents
      .filter((d) => d.status === 'Completed' && d.completed_at && sendsOut(families, d.type))
      .reduce<BatchDocumentRow | undefined>((a, d) => (!a || d.completed_at! > a.completed_at! ? d : a), undefined);
    return last && sendsBack(families, last.type) ? 'returned' : 'dispatched';
  }
  return Number(pack.in_stock) === 1 ? 'inStock' : 'inTransit';
}

/**
 * Whom a completed document sent its stock to: a transfer's destination warehouse; a return to
 * principal's the principal, a dispatch's the customer, when its warehouse has exactly one business
 * partner of that role (documents name no partner of their own); else none.
 */
function partnerOf(families: Families, doc: BatchDocumentRow, input: WhereaboutsInput): string | null {
  if (doc.destination_warehouse_no) {
    const to = input.warehouses.find((w) => w.warehouse_no === doc.destination_warehouse_no);
    return to ? `${to.name} (${to.warehouse_no})` : doc.destination_warehouse_no;
  }
  const role = sendsBack(families, doc.type) ? 'PRINCIPAL' : 'CUSTOMER';
  const partners = input.partners.filter((p) => p.warehouse_no === doc.warehouse_no && p.role === role);
  return partners.length === 1 ? `${partners[0]!.name} (${partners[0]!.partner_id})` : null;
}

const LEVEL_ORDER = { PLT: 0, CTN: 1, BUN: 2, EA: 3 } as const;

/**
 * One row per unit of the batch, in the order of `WHEREABOUTS_CSV_HEADER`: pallets, cartons, bundles,
 * then packs, each by its identifier. The last document is the one of its latest scan, else the one
 * expecting it (a notice's receipt). In slices.
 */
export async function whereaboutsRows(input: Pick<WhereaboutsInput, 'units' | 'documents'>, slices: Slices): Promise<(string | null)[][]> {
  const units = await unitsById(input.units, slices);
  const docsOf = await documentsByUnit(input.documents, slices);
  const keyed = await mapInSlices(input.units, (u) => ({ u, level: LEVEL_ORDER[u.type], id: unitId(u) }), slices);
  const sorted = await sortInSlices(keyed, (a, b) => a.level - b.level || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0), slices);
  return mapInSlices(
    sorted,
    ({ u }) => {
      const parent = u.parent_id ? units.get(u.parent_id) : undefined;
      const last = lastDocument(docsOf.get(u.id) ?? []);
      return [
        u.sscc ?? u.serial,
        u.gtin,
        u.type,
        parent ? unitId(parent) : null,
        u.warehouse_no,
        u.status,
        u.reason,
        last ? `${last.type} ${last.number}` : null,
      ];
    },
    slices,
  );
}

function lastDocument(documents: readonly BatchDocumentRow[]): BatchDocumentRow | undefined {
  const scanned = documents.filter((d) => d.at !== null);
  if (scanned.length === 0) return documents[0];
  return scanned.reduce((a, d) => (d.at! > a.at! ? d : a));
}
