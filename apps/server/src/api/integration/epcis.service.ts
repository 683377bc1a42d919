import { createHash } from 'node:crypto';
import { compactEventCbv, parseEpc, receive, type UnitType } from '@pharma/domain';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import * as received from './epcis.repository.ts';
import { isoToday } from '../../lib/today.ts';
import { epcisSchemaErrors } from './epcis-schema.ts';

/** Units an advance shipping notice announces: expected on the receiving document it names. */
const EXPECTED = receive.announced!;

/**
 * EPCIS 2.0 intake (GS1 EPCIS/CBV 2.0): the advance shipping notice of a supplier.
 * - ObjectEvent ADD commissions packs (SGTIN URNs or Digital Link URIs; lot and expiry from ilmd),
 * - AggregationEvent ADD puts children (packs or SSCCs) under a parent SSCC,
 * - a bizTransaction of type desadv links the units to the IBD named after its last ':'.
 * Every document is validated against GS1's EPCIS 2.0 JSON Schema first; the whole document is
 * applied in one transaction or not at all; events already received change nothing.
 */
export interface EpcisResult {
  events: number;
  applied: number;
  ignored: number;
  duplicates: number;
  unitsCreated: number;
  aggregated: number;
  linked: number;
}

type Json = Record<string, unknown>;

/** A CBV value as a compact term or a full URN/URL: the last segment, lower-cased (CBV 2.0 section 8). */
function cbvTerm(value: unknown): string {
  return typeof value === 'string' ? (value.split(/[:#/-]/).pop() ?? '').toLowerCase() : '';
}

function ilmdValue(ilmd: unknown, name: string): string | null {
  if (!ilmd || typeof ilmd !== 'object') return null;
  for (const [key, value] of Object.entries(ilmd as Json)) {
    if (key.split(/[:#/]/).pop() === name && typeof value === 'string') return value;
  }
  return null;
}

export class EpcisService {
  constructor(private readonly db: Db) {}

  async intake(actorId: string, input: unknown, today = isoToday()): Promise<EpcisResult> {
    const doc = compactCbvValues(input);
    const errors = epcisSchemaErrors(doc);
    if (errors.length > 0) {
      const detail = errors
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
        .join('; ');
      throw new AppError(400, 'EPCIS_INVALID', { detail });
    }
    const events = (((doc as Json).epcisBody as Json | undefined)?.eventList ?? []) as Json[];
    const result: EpcisResult = { events: events.length, applied: 0, ignored: 0, duplicates: 0, unitsCreated: 0, aggregated: 0, linked: 0 };
    const at = new Date().toISOString();
    const audit: AuditEntry[] = [];
    const seen = new Set<string>();

    await this.db.transaction().execute(async (trx) => {
      const apply = new EventApplier(trx, actorId, at, today, audit, result);
      for (const [index, event] of events.entries()) {
        const id =
          typeof event.eventID === 'string' ? event.eventID : 'sha256:' + createHash('sha256').update(JSON.stringify(event)).digest('hex');
        const label = `#${index + 1}${typeof event.eventID === 'string' ? ` (${event.eventID})` : ''}`;
        if (seen.has(id) || (await received.eventReceived(trx, id))) {
          result.duplicates += 1;
          continue;
        }
        seen.add(id);
        const acted = await apply.event(event, label);
        result[acted ? 'applied' : 'ignored'] += 1;
        await received.insertEvent(trx, {
          id,
          eventType: String(event.type),
          action: typeof event.action === 'string' ? event.action : null,
          applied: acted,
          bodyJson: JSON.stringify(event),
          receivedAt: at,
        });
      }
      await apply.finish();
      // Written together at the end: a few multi-row INSERTs instead of one statement per unit.
      await writeAudit(trx, audit, at);
    });
    return result;
  }
}

/** Applies one event after another inside the intake's transaction. */
class EventApplier {
  private readonly ssccParents = new Set<string>();

  constructor(
    private readonly trx: Db,
    private readonly actorId: string,
    private readonly at: string,
    private readonly today: string,
    private readonly audit: AuditEntry[],
    private readonly result: EpcisResult,
  ) {}

  /** True when the event changed stock; false for events the product keeps but does not act on. */
  async event(event: Json, label: string): Promise<boolean> {
    const type = event.type;
    const action = event.action;
    if (type === 'ObjectEvent' && action === 'ADD') {
      const ids: string[] = [];
      for (const epc of (event.epcList as string[] | undefined) ?? []) ids.push(await this.commission(epc, event.ilmd, label));
      await this.link(event, ids, label);
      return true;
    }
    if (type === 'AggregationEvent' && action === 'ADD') {
      const parent = typeof event.parentID === 'string' ? parseEpc(event.parentID, this.today) : { kind: 'unknown' as const };
      if (parent.kind !== 'sscc') throw refuse(label, `parentID ${String(event.parentID)} is not an SSCC`);
      const parentId = await this.ensureSscc(parent.sscc);
      for (const child of (event.childEPCs as string[] | undefined) ?? []) await this.aggregate(parentId, child, label);
      await this.link(event, [parentId], label);
      return true;
    }
    return false;
  }

  private async commission(epc: string, ilmd: unknown, label: string): Promise<string> {
    const key = parseEpc(epc, this.today);
    if (key.kind === 'sscc') return this.ensureSscc(key.sscc);
    if (key.kind !== 'sgtin') throw refuse(label, `${epc} is not an SGTIN, an SSCC or a GS1 Digital Link URI`);
    const materialNo = await materials.materialWithGtin(this.trx, key.gtin);
    if (!materialNo) throw refuse(label, `GTIN ${key.gtin} of ${epc} is not a known material`);
    const batch = ilmdValue(ilmd, 'lotNumber');
    const expiryRaw = ilmdValue(ilmd, 'itemExpirationDate');
    const expiry = expiryRaw ? expiryRaw.slice(0, 10) : null;
    if (expiry && !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) throw refuse(label, `itemExpirationDate ${expiryRaw} is not a date`);
    const existing = await units.findUnit(this.trx, { gtin: key.gtin, serial: key.serial });
    if (existing) {
      if (existing.batch_no !== batch) throw refuse(label, `${epc} already exists with batch ${existing.batch_no ?? '-'}`);
      return existing.id;
    }
    const id = newId();
    await units.insertUnit(this.trx, {
      id,
      type: 'EA',
      sscc: null,
      gtin: key.gtin,
      serial: key.serial,
      materialNo,
      batchNo: batch,
      expiry,
      ...EXPECTED,
      at: this.at,
    });
    if (batch) await materials.addBatch(this.trx, { materialNo, batchNo: batch, expiry, at: this.at });
    this.created(id, 'EA');
    return id;
  }

  private async ensureSscc(sscc: string): Promise<string> {
    const existing = await units.findUnit(this.trx, { sscc });
    if (existing) return existing.id;
    const id = newId();
    await units.insertUnit(this.trx, {
      id,
      type: 'CTN',
      sscc,
      gtin: null,
      serial: null,
      materialNo: null,
      batchNo: null,
      expiry: null,
      ...EXPECTED,
      at: this.at,
    });
    this.created(id, 'CTN');
    this.ssccParents.add(id);
    return id;
  }

  private async aggregate(parentId: string, epc: string, label: string): Promise<void> {
    const key = parseEpc(epc, this.today);
    if (key.kind === 'unknown') throw refuse(label, `child ${epc} is not an SGTIN, an SSCC or a GS1 Digital Link URI`);
    const child = await units.findUnit(this.trx, key.kind === 'sscc' ? { sscc: key.sscc } : { gtin: key.gtin, serial: key.serial });
    if (!child) throw refuse(label, `child ${epc} has not been commissioned`);
    if (child.id === parentId) throw refuse(label, `${epc} cannot contain itself`);
    if (child.parent_id === parentId) return;
    if (child.parent_id) throw refuse(label, `child ${epc} is already under another parent`);
    await units.setParent(this.trx, child.id, parentId, this.at);
    if (child.type === 'CTN' || child.type === 'PLT') this.ssccParents.add(parentId);
    this.result.aggregated += 1;
    this.audit.push(this.row(child.id, 'aggregate', { parent: null }, { parent: parentId }));
  }

  /** desadv: the IBD number is the part of the business transaction after its last ':'. */
  private async link(event: Json, unitIds: string[], label: string): Promise<void> {
    for (const bt of (event.bizTransactionList as Json[] | undefined) ?? []) {
      if (cbvTerm(bt.type) !== 'desadv') continue;
      const value = String(bt.bizTransaction);
      const number = value.slice(value.lastIndexOf(':') + 1);
      const doc = await docs.findDocument(this.trx, 'IBD', number);
      if (!doc) throw refuse(label, `desadv ${value}: IBD ${number} does not exist`);
      if (doc.status === 'Completed') throw refuse(label, `desadv ${value}: IBD ${number} is already completed`);
      for (const unitId of unitIds) this.result.linked += await docs.expectUnit(this.trx, doc.id, unitId);
    }
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
    this.audit.push(this.row(id, 'commission', null, { type, ...EXPECTED }));
  }

  private row(entityId: string, action: string, before: unknown, after: unknown): AuditEntry {
    return { actorId: this.actorId, entity: 'unit', entityId, action, before: before ?? undefined, after, reason: 'EPCIS' };
  }
}

/** CBV values may come as compact terms or full URNs: compact them before schema validation. */
function compactCbvValues(doc: unknown): unknown {
  const body = (doc as Json | null)?.epcisBody as Json | undefined;
  if (!body || !Array.isArray(body.eventList)) return doc;
  return {
    ...(doc as Json),
    epcisBody: { ...body, eventList: body.eventList.map((e) => (e && typeof e === 'object' ? compactEventCbv(e as Json) : e)) },
  };
}

function refuse(event: string, reason: string): AppError {
  return new AppError(400, 'EPCIS_EVENT_REFUSED', { event, reason });
}
