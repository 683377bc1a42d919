import { ilmdExpiry, ilmdLot, parseEpc, type AuditAction, type Family, type UnitState, type UnitType } from '@pharma/domain';
import type { AuditEntry } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import type { NewUnit } from '../inventory/units.repository.ts';
import * as received from './epcis.repository.ts';
import { clash, elsewhere, together } from './epcis-places.ts';
import { announce, destinationPlaces, type AnnouncementPart } from './event-announcements.ts';

/** What an intake did: events read, applied, ignored and repeated; units made, aggregated and linked. */
export interface EpcisResult {
  events: number;
  applied: number;
  ignored: number;
  duplicates: number;
  unitsCreated: number;
  aggregated: number;
  linked: number;
}

/**
 * What the EPCIS intake does with an event it acts on: ObjectEvent ADD commissions packs (or SSCCs),
 * AggregationEvent ADD puts children under a parent SSCC, a desadv links them to an IBD, and an ObjectEvent
 * OBSERVE of bizStep shipping sends units already commissioned to a warehouse of ours (decision 0083). Each
 * records itself as the announcement of the units it names while they are in no warehouse. The values
 * were checked before anything was applied (`epcisValueFailure`, decision 0056); the places are
 * checked here, one tree of units in one warehouse (decision 0056).
 */

type Json = Record<string, unknown>;

/**
 * What one part of a large event leaves for the next (decision 0043 applies an event of many EPCs a part
 * per transaction): the warehouse its parent's tree belongs to, found once rather than with every part.
 */
export interface EventParts {
  home?: received.Place[];
  /** The event's announcement of its units (decision 0083). */
  announcement?: AnnouncementPart;
}

/** Units an advance shipping notice announces: expected on the receiving document it names. */
/** A CBV value as a compact term or a full URN/URL: the last segment, lower-cased (CBV 2.0 section 8). */
function cbvTerm(value: unknown): string {
  return typeof value === 'string' ? (value.split(/[:#/-]/).pop() ?? '').toLowerCase() : '';
}

/** Applies one event after another inside the intake's transaction. */
export class EventApplier {
  private readonly ssccParents = new Set<string>();
  private readonly materialNos = new Map<string, string | undefined>();

  constructor(
    private readonly trx: Db,
    private readonly actorId: string,
    private readonly at: string,
    private readonly today: string,
    private readonly audit: AuditEntry[],
    private readonly result: EpcisResult,
    /**
     * The family whose documents a notice's desadv names and whose units it announces (`expected:
     * 'lines+asn'`, the registry's `noticeFamily`; decision 0085).
     */
    private readonly notice: Family,
  ) {}

  /** The state a unit announced by a notice takes: the notice family's `announced`. */
  private get expected(): UnitState {
    return this.notice.announced!;
  }

  /**
   * True when the event changed stock; false for events the product keeps but does not act on. `from`
   * is the index in the whole event's list of the first EPC `event` holds (a part of a large event),
   * `parts` what the parts of one event share.
   */
  async event(event: Json, label: string, from = 0, parts: EventParts = {}): Promise<boolean> {
    const type = event.type;
    const action = event.action;
    if (type === 'ObjectEvent' && action === 'ADD') {
      const targets = await this.targets(event, label);
      const { ids, existing } = await this.commission((event.epcList as string[] | undefined) ?? [], event.ilmd, label, from);
      // A unit that existed before this event (announced by another notice, or received) joins only an IBD of its own warehouse.
      if (targets.places.length > 0 && existing.length > 0) {
        const places = await received.treePlaces(
          this.trx,
          existing.map((e) => e.unit.id),
        );
        for (const { field, unit } of existing) {
          const c = clash(places.get(unit.id) ?? [], targets.places);
          if (c) throw elsewhere(label, field, unit, c);
        }
      }
      await this.link(targets.documents, ids);
      const housed = new Set(existing.filter((e) => e.unit.warehouse_no !== null).map((e) => e.unit.id));
      const unhoused = ids.filter((id) => !housed.has(id));
      await announce(this.trx, this.at, event, from, parts, targets.places, unhoused);
      return true;
    }
    const shipping = type === 'ObjectEvent' && action === 'OBSERVE' && cbvTerm(event.bizStep) === 'shipping';
    if (shipping) return this.shipping(event, label, from, parts);
    if (type === 'AggregationEvent' && action === 'ADD') {
      const targets = await this.targets(event, label);
      const parent = typeof event.parentID === 'string' ? parseEpc(event.parentID, this.today) : { kind: 'unknown' as const };
      if (parent.kind !== 'sscc') throw refuse(label, `parentID ${String(event.parentID)} is not an SSCC`);
      const { id: parentId, unit: parentUnit } = await this.ensureSscc(parent.sscc);
      const children = (event.childEPCs as string[] | undefined) ?? [];
      await this.aggregate({ id: parentId, unit: parentUnit }, children, targets.places, label, from, parts);
      await this.link(targets.documents, [parentId]);
      await announce(this.trx, this.at, event, from, parts, targets.places, parentUnit?.warehouse_no ? [] : [parentId]);
      return true;
    }
    return false;
  }

  /** The IBDs the event's desadv business transactions name, open, and their warehouses: at most one. */
  private async targets(event: Json, label: string): Promise<{ documents: { id: string }[]; places: received.Place[] }> {
    const documents: { id: string; warehouse_no: string }[] = [];
    for (const bt of (event.bizTransactionList as Json[] | undefined) ?? []) {
      if (cbvTerm(bt.type) !== 'desadv') continue;
      const value = String(bt.bizTransaction);
      const number = value.slice(value.lastIndexOf(':') + 1);
      const type = this.notice.type;
      const doc = await docs.findDocument(this.trx, type, number);
      if (!doc) throw refuse(label, `desadv ${value}: ${type} ${number} does not exist`);
      if (doc.status === 'Completed') throw refuse(label, `desadv ${value}: ${type} ${number} is already completed`);
      documents.push(doc);
    }
    const places = await received.placesOf(this.trx, [...new Set(documents.map((d) => d.warehouse_no))]);
    if (places.length > 1)
      throw refuse(label, `its desadv names ${this.notice.type}s of warehouses ${places.map((p) => p.warehouseNo).join(' and ')}`);
    // Where its destination sends the goods (decision 0083): the warehouse of its IBDs, when it names both.
    const sent = together(places, await destinationPlaces(this.trx, event));
    if (sent.length > 1) throw refuse(label, `its destination and desadv name warehouses ${sent.map((p) => p.warehouseNo).join(' and ')}`);
    return { documents, places: sent };
  }

  /**
   * A shipping notice (ObjectEvent OBSERVE, bizStep shipping; decision 0083): units commissioned before,
   * sent to the warehouse of its destination or of its desadv's IBD, and expected on that IBD. A unit of
   * another warehouse is refused as on any event. A notice sending nothing to a warehouse of ours is kept only.
   */
  private async shipping(event: Json, label: string, from: number, parts: EventParts): Promise<boolean> {
    const targets = await this.targets(event, label);
    if (targets.places.length === 0) return false;
    const shipped: { field: string; unit: UnitRow }[] = [];
    for (const [i, epc] of ((event.epcList as string[] | undefined) ?? []).entries()) {
      const key = parseEpc(epc, this.today);
      if (key.kind === 'unknown') throw refuse(label, `${epc} is not an SGTIN, an SSCC or a GS1 Digital Link URI`);
      const unit = await units.findUnit(this.trx, key.kind === 'sscc' ? { sscc: key.sscc } : { gtin: key.gtin, serial: key.serial });
      if (!unit) throw refuse(label, `${epc} has not been commissioned`);
      shipped.push({ field: `epcList[${from + i}]`, unit });
    }
    const places = await received.treePlaces(
      this.trx,
      shipped.map((s) => s.unit.id),
    );
    for (const { field, unit } of shipped) {
      const c = clash(places.get(unit.id) ?? [], targets.places);
      if (c) throw elsewhere(label, field, unit, c);
    }
    await this.link(
      targets.documents,
      shipped.map((s) => s.unit.id),
    );
    const unhoused = shipped.filter((s) => s.unit.warehouse_no === null).map((s) => s.unit.id);
    await announce(this.trx, this.at, event, from, parts, targets.places, unhoused);
    return true;
  }

  /**
   * The packs (or SSCCs) of an ObjectEvent ADD, each commissioned unless it exists: the packs read and
   * written in a few statements for the whole list, not a few each (decision 0082), and checked in the
   * list's order, so that the EPC named by a refusal is the first one refused. `existing` holds the units
   * that existed before this event, with the field naming each.
   */
  private async commission(
    epcs: readonly string[],
    ilmd: unknown,
    label: string,
    from: number,
  ): Promise<{ ids: string[]; existing: { field: string; unit: UnitRow }[] }> {
    const keys = epcs.map((epc) => parseEpc(epc, this.today));
    const found = await received.findUnits(
      this.trx,
      keys.filter((k) => k.kind === 'sgtin'),
    );
    // Checked before anything was applied (checkValues): a lot of AI 10, a real expiry AI 17 can carry.
    const batch = ilmdLot(ilmd);
    const expiry = ilmdExpiry(ilmd);
    const ids: string[] = [];
    const existing: { field: string; unit: UnitRow }[] = [];
    const fresh = new Map<string, NewUnit>();
    for (const [i, epc] of epcs.entries()) {
      const key = keys[i]!;
      const field = `epcList[${from + i}]`;
      if (key.kind === 'sscc') {
        const { id, unit } = await this.ensureSscc(key.sscc);
        ids.push(id);
        if (unit) existing.push({ field, unit });
        continue;
      }
      if (key.kind !== 'sgtin') throw refuse(label, `${epc} is not an SGTIN, an SSCC or a GS1 Digital Link URI`);
      const materialNo = await this.materialOf(key.gtin);
      if (!materialNo) throw refuse(label, `GTIN ${key.gtin} of ${epc} is not a known material`);
      const unit = found.get(received.epcKey(key));
      if (unit) {
        if (unit.batch_no !== batch) throw refuse(label, `${epc} already exists with batch ${unit.batch_no ?? '-'}`);
        ids.push(unit.id);
        existing.push({ field, unit });
        continue;
      }
      // The same EPC twice in one list is one pack.
      let made = fresh.get(received.epcKey(key));
      if (!made) {
        made = {
          id: newId(),
          type: 'EA',
          sscc: null,
          gtin: key.gtin,
          serial: key.serial,
          materialNo,
          batchNo: batch,
          expiry,
          ...this.expected,
          at: this.at,
        };
        fresh.set(received.epcKey(key), made);
        this.created(made.id, 'EA');
      }
      ids.push(made.id);
    }
    await received.insertUnits(this.trx, [...fresh.values()]);
    if (batch) {
      for (const materialNo of new Set([...fresh.values()].map((u) => u.materialNo!))) {
        await materials.addBatch(this.trx, { materialNo, batchNo: batch, expiry, at: this.at });
      }
    }
    return { ids, existing };
  }

  /** The material of a GTIN, read once a transaction. */
  private async materialOf(gtin: string): Promise<string | undefined> {
    if (!this.materialNos.has(gtin)) this.materialNos.set(gtin, await materials.materialWithGtin(this.trx, gtin));
    return this.materialNos.get(gtin);
  }

  private async ensureSscc(sscc: string): Promise<{ id: string; unit?: UnitRow }> {
    const existing = await units.findUnit(this.trx, { sscc });
    if (existing) return { id: existing.id, unit: existing };
    const id = newId();
    await received.insertUnits(this.trx, [
      {
        id,
        type: 'CTN',
        sscc,
        gtin: null,
        serial: null,
        materialNo: null,
        batchNo: null,
        expiry: null,
        ...this.expected,
        at: this.at,
      },
    ]);
    this.created(id, 'CTN');
    this.ssccParents.add(id);
    return { id };
  }

  /**
   * Puts the children under the parent. The parent's tree, the IBDs the event names and every child's
   * tree must belong to one warehouse at most; a child may not be the parent nor a unit above it.
   */
  private async aggregate(
    { id: parentId, unit: parent }: { id: string; unit?: UnitRow },
    epcs: readonly string[],
    into: readonly received.Place[],
    label: string,
    from: number,
    parts: EventParts,
  ): Promise<void> {
    // The parent's tree is walked once an event: later parts only add children checked against it.
    let home = parts.home ?? [...into];
    if (parent && !parts.home) {
      const own = (await received.treePlaces(this.trx, [parentId])).get(parentId) ?? [];
      const c = clash(own, home);
      if (c) throw elsewhere(label, 'parentID', parent, c);
      home = together(own, home);
    }
    const above = new Set(parent ? (await units.ancestors(this.trx, parentId)).map((u) => u.id) : []);
    const moving = new Map<string, { field: string; child: UnitRow }>();
    const keys = epcs.map((epc) => parseEpc(epc, this.today));
    const found = await received.findUnits(
      this.trx,
      keys.filter((k) => k.kind !== 'unknown'),
    );
    for (const [i, epc] of epcs.entries()) {
      const key = keys[i]!;
      if (key.kind === 'unknown') throw refuse(label, `child ${epc} is not an SGTIN, an SSCC or a GS1 Digital Link URI`);
      const child = found.get(received.epcKey(key));
      if (!child) throw refuse(label, `child ${epc} has not been commissioned`);
      if (child.id === parentId) throw refuse(label, `${epc} cannot contain itself`);
      // A unit above the parent would end up inside itself: a loop no walk of the tree ever leaves.
      if (above.has(child.id)) throw refuse(label, `${epc} cannot be put under ${String(parent?.sscc)}, which it contains`);
      if (child.parent_id === parentId || moving.has(child.id)) continue;
      if (child.parent_id) throw refuse(label, `child ${epc} is already under another parent`);
      moving.set(child.id, { field: `childEPCs[${from + i}]`, child });
    }
    const places = await received.treePlaces(this.trx, [...moving.keys()]);
    for (const { field, child } of moving.values()) {
      const own = places.get(child.id) ?? [];
      const c = clash(own, home);
      if (c) throw elsewhere(label, field, child, c);
      home = together(home, own);
    }
    parts.home = home;
    await units.setParent(this.trx, [...moving.keys()], parentId, this.at);
    for (const { child } of moving.values()) {
      if (child.type === 'CTN' || child.type === 'PLT') this.ssccParents.add(parentId);
      this.result.aggregated += 1;
      this.audit.push(this.row(child.id, 'aggregate', { parent: null }, { parent: parentId }));
    }
  }

  /** desadv: the units are expected on each IBD the event names (the part of the business transaction after its last ':'). */
  private async link(documents: readonly { id: string }[], unitIds: readonly string[]): Promise<void> {
    for (const doc of documents) this.result.linked += await received.expectUnits(this.trx, doc.id, unitIds);
  }

  /** SSCCs holding SSCCs are pallets; an SSCC's material and batch are its packs' when they are all alike. */
  async finish(): Promise<void> {
    for (const id of this.ssccParents) {
      const kids = await units.children(this.trx, id);
      if (kids.some((k) => k.type === 'CTN' || k.type === 'PLT')) await units.setType(this.trx, id, 'PLT');
      const packs = (await units.subtree(this.trx, id)).filter((u) => u.type === 'EA');
      const kinds = new Set(packs.map((p) => `${p.material_no}|${p.batch_no}|${p.expiry}`));
      if (kinds.size === 1) {
        const p = packs[0]!;
        await units.setProduct(this.trx, id, { materialNo: p.material_no, batchNo: p.batch_no, expiry: p.expiry });
      }
    }
  }

  private created(id: string, type: UnitType): void {
    this.result.unitsCreated += 1;
    this.audit.push(this.row(id, 'commission', null, { type, ...this.expected }));
  }

  private row(entityId: string, action: AuditAction, before: unknown, after: unknown): AuditEntry {
    return { actorId: this.actorId, entity: 'unit', entityId, action, before: before ?? undefined, after, reason: 'EPCIS' };
  }
}

function refuse(event: string, reason: string): AppError {
  return new AppError(400, 'EPCIS_EVENT_REFUSED', { event, reason });
}
