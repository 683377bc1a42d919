import { createHash } from 'node:crypto';
import {
  aggregationEvents,
  decideRepackMove,
  decodeCode,
  holderOnDocument,
  isLocked,
  message,
  MULTIPLE_PLACEHOLDER,
  REPACK_UNIT_NAMES,
  unitId,
  type Application,
  type Family,
  type Locale,
  type RepackedUnit,
  type RepackHolder,
} from '@pharma/domain';
import type {
  HandleRepackCodeResponse,
  RepackCompletedResponse,
  RepackScanOperationRequest,
  RepackScanOperationResponse,
  RepackUnit,
  RepackView,
  TakenFrom,
  ValidateHuResponse,
} from '@pharma/domain/contract/repack';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import type { RepackDocumentRow } from './repack.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { isoToday } from '../../lib/today.ts';
import * as units from '../inventory/units.repository.ts';
import { scanUnit } from '../inventory/unit-view.ts';
import * as places from '../integration/movements.repository.ts';
import { offsetAt } from '../integration/movements.service.ts';
import * as labels from '../labels/labels.repository.ts';
import * as repo from './repack.repository.ts';

export interface Caller {
  userId: string;
  area: Application;
  /** The language of the answer's messages (decision 0090); English when not given. */
  locale?: Locale;
}

/** The highest repack number: 'RP' and 8 digits. */
const LAST_NUMBER = 99_999_999;

/**
 * Repack as a document family (issue 18, decisions 0032 and 0048): a repack moves units onto or off
 * one destination pallet or carton, REPACK_PENDING until completed. Every move is decided by the pure
 * `decideRepackMove`, made in one transaction with its audit row, and recorded on the pending repack
 * of the pallet or carton it leaves or joins; a completed repack keeps the EPCIS 2.0 AggregationEvents
 * of its net moves, a move outside any repack keeps them at once.
 */
export class RepackService {
  /** The business steps of its AggregationEvents: the family's `aggregates`. */
  private readonly steps: { add: string; remove: string };

  constructor(
    private readonly db: Db,
    /**
     * The family that changes aggregation (`aggregates`, decision 0048): the registry's `aggregatingFamily`,
     * whose documents this service runs. A server whose registry has none offers no repack (app.ts).
     */
    private readonly family: Family,
  ) {
    const { add, remove } = family.aggregates!;
    this.steps = { add, remove };
  }

  /** POST /api/remapHU: the scanned unit onto the pallet or carton `to`, or off its parent (`to: null`). */
  async remap(caller: Caller, req: { code: string; to: string | null; scanId: string }, today = isoToday()) {
    const key = keyOf(req.code, today);
    return this.db.transaction().execute(async (trx) => {
      const unit = await units.findUnitInArea(trx, key, caller.area);
      if (!unit) throw new AppError(404, 'SERIAL_NOT_RECOGNIZED');
      const target = req.to === null ? null : await units.findUnitInArea(trx, { sscc: req.to }, caller.area);
      if (req.to !== null && !target) throw new AppError(404, 'SSCC_NOT_RECOGNIZED', { sscc: req.to });
      const moved = await this.move(trx, caller, unit, target ?? null, { scanId: req.scanId });
      const takenFrom = moved.changed && moved.from ? await takenOutOf(trx, moved.from) : null;
      return { scanId: req.scanId, id: unitId(unit), type: unit.type, parent: target?.sscc ?? null, units: moved.units, takenFrom };
    });
  }

  /** POST /api/repackScan: a new pending repack of the scanned pallet or carton, or its pending one. */
  async scan(caller: Caller, req: { code: string; referenceNo?: string | undefined }, today = isoToday()): Promise<RepackView> {
    const key = keyOf(req.code, today);
    if (!('sscc' in key)) throw new AppError(422, 'REPACK_NOT_A_DESTINATION', { unit: REPACK_UNIT_NAMES.EA });
    return this.db.transaction().execute(async (trx) => {
      const unit = await destinationOf(trx, key.sscc, caller.area);
      // Taken for the transaction (PostgreSQL): two scans of one pallet open one repack.
      await units.findUnitForScan(trx, { sscc: key.sscc });
      const pending = await repo.latestRepackOf(trx, unit.id);
      if (pending?.state === 'REPACK_PENDING') {
        // A pending repack made without a document (createPallet's) is made for the one scanned with it now.
        if (req.referenceNo && pending.reference_no === null) {
          await repo.setReference(trx, pending.repack_no, req.referenceNo);
          await writeAudit(trx, [
            {
              actorId: caller.userId,
              entity: 'repack',
              entityId: pending.repack_no,
              action: 'reference',
              before: { referenceNo: null },
              after: { referenceNo: req.referenceNo },
            },
          ]);
          return this.view(trx, { ...pending, reference_no: req.referenceNo });
        }
        return this.view(trx, pending);
      }
      const repackNo = await openRepack(trx, {
        unit,
        userId: caller.userId,
        referenceNo: req.referenceNo ?? null,
        at: new Date().toISOString(),
      });
      return this.view(trx, (await repo.findRepack(trx, repackNo, caller.area))!);
    });
  }

  /** POST /api/repackScanOperation: the scanned unit onto the repack's destination, or off it with `remove`. */
  async scanOperation(caller: Caller, req: RepackScanOperationRequest, today = isoToday()): Promise<RepackScanOperationResponse> {
    const key = keyOf(req.code, today);
    return this.db.transaction().execute(async (trx) => {
      const repack = await repo.findRepack(trx, req.repackNo, caller.area);
      if (!repack) throw new AppError(404, 'REPACK_NOT_FOUND', { repackNo: req.repackNo });
      const earlier = await repo.movesByScanId(trx, req.scanId);
      const answered = earlier.find((m) => m.repack_no === repack.repack_no && m.response_json !== null);
      if (answered) return JSON.parse(answered.response_json!) as RepackScanOperationResponse;
      if (earlier.length > 0) throw new AppError(409, 'SCAN_ID_REUSED');
      // Held for the transaction: a completion waits for this move, or this move sees the completion.
      const pending = await repo.holdPending(trx, repack.repack_no);
      const destination = (await units.findUnit(trx, { id: repack.destination_id }))!;
      const unit = await units.findUnitInArea(trx, key, caller.area);
      if (!unit) throw new AppError(404, 'sscc' in key ? 'SSCC_NOT_RECOGNIZED' : 'SERIAL_NOT_RECOGNIZED', 'sscc' in key ? key : undefined);
      const materials = repack.reference_no ? await repo.referenceMaterials(trx, repack.reference_no, caller.area) : undefined;
      const moved = await this.move(trx, caller, unit, req.remove ? null : destination, {
        scanId: req.scanId,
        repack: {
          state: pending ? 'REPACK_PENDING' : 'REPACK_COMPLETE',
          destinationId: destination.id,
          destinationSscc: destination.sscc ?? '',
          remove: req.remove ?? false,
        },
        ...(materials && repack.reference_no ? { reference: { number: repack.reference_no, materials } } : {}),
      });
      const after = (await units.findUnit(trx, { id: unit.id }))!;
      // Said when the unit came out of another pallet or carton than the destination (issue 27).
      const source = moved.changed && moved.from && moved.from.id !== destination.id ? moved.from : undefined;
      const answer: RepackScanOperationResponse = {
        scanId: req.scanId,
        moved: await this.unitView(trx, after),
        takenFrom: source ? await takenOutOf(trx, source) : null,
        repack: await this.view(trx, repack),
      };
      if (moved.changed) await repo.setMoveAnswer(trx, repack.repack_no, req.scanId, JSON.stringify(answer));
      return answer;
    });
  }

  /** POST /api/handleRepackCode: what the scanned unit is, and whether it may move (the refusal it would get). */
  async handleCode(caller: Caller, code: string, today = isoToday()): Promise<HandleRepackCodeResponse> {
    const key = keyOf(code, today);
    const unit = await units.findUnitInArea(this.db, key, caller.area);
    if (!unit) throw new AppError(404, 'sscc' in key ? 'SSCC_NOT_RECOGNIZED' : 'SERIAL_NOT_RECOGNIZED', 'sscc' in key ? key : undefined);
    const tree = ordered(unit, await units.subtree(this.db, unit.id));
    const before = unit.parent_id ? await units.findUnit(this.db, { id: unit.parent_id }) : undefined;
    const decision = decideRepackMove({
      tree: tree.map(ruleUnit),
      from: before ? await holder(this.db, before) : null,
      to: null,
      openDocument:
        (await labels.openDocumentOf(
          this.db,
          tree.map((u) => u.id),
        )) ?? null,
    });
    return {
      unit: await this.unitView(this.db, unit),
      movable: decision.ok,
      refusal: decision.ok
        ? null
        : { code: decision.refusal.code, message: message(decision.refusal.code, decision.refusal.params, caller.locale) },
    };
  }

  /** POST /api/validateHU: whether the SSCC may be a repack's destination, and its pending repack. */
  async validate(caller: Caller, sscc: string): Promise<ValidateHuResponse> {
    const unit = await destinationOf(this.db, sscc, caller.area);
    const latest = await repo.latestRepackOf(this.db, unit.id);
    return { unit: await this.unitView(this.db, unit), repackNo: latest?.state === 'REPACK_PENDING' ? latest.repack_no : null };
  }

  /** POST /api/completeRepack: completes the pending repack of a pallet or carton, by its SSCC. */
  async complete(caller: Caller, sscc: string) {
    return this.db.transaction().execute(async (trx) => {
      const unit = await units.findUnitInArea(trx, { sscc }, caller.area);
      const repack = unit && (await repo.latestRepackOf(trx, unit.id));
      if (!unit || !repack) throw new AppError(404, 'SSCC_NOT_RECOGNIZED', { sscc });
      await this.completeIn(trx, caller, repack, sscc);
      return { sscc, state: 'REPACK_COMPLETE' as const, message: message(this.family.complete.ok, {}, caller.locale) };
    });
  }

  /** POST /api/repackCompleteOperator: completes a repack by its number. */
  async completeByNumber(caller: Caller, repackNo: string): Promise<RepackCompletedResponse> {
    return this.db.transaction().execute(async (trx) => {
      const repack = await repo.findRepack(trx, repackNo, caller.area);
      if (!repack) throw new AppError(404, 'REPACK_NOT_FOUND', { repackNo });
      const destination = (await units.findUnit(trx, { id: repack.destination_id }))!;
      await this.completeIn(trx, caller, repack, destination.sscc ?? '');
      return {
        message: message(this.family.complete.ok, {}, caller.locale),
        repack: await this.view(trx, (await repo.findRepack(trx, repackNo, caller.area))!),
      };
    });
  }

  /** GET /api/repackNo/:repackNo: a repack of the area, pending or complete. */
  async details(caller: Caller, repackNo: string): Promise<RepackView> {
    const repack = await repo.findRepack(this.db, repackNo, caller.area);
    if (!repack) throw new AppError(404, 'REPACK_NOT_FOUND', { repackNo });
    return this.view(this.db, repack);
  }

  private async completeIn(trx: Db, caller: Caller, repack: RepackDocumentRow, sscc: string): Promise<void> {
    const at = new Date().toISOString();
    if (!(await repo.completeRepack(trx, repack.repack_no, caller.userId, at))) throw new AppError(409, 'REPACK_NOT_PENDING', { sscc });
    // The net moves: each unit from where it stood before its first move to where it stands after its last.
    const net = new Map<string, { from: string | null; to: string | null }>();
    for (const m of await repo.movesOf(trx, repack.repack_no)) {
      const first = net.get(m.unit_id);
      net.set(m.unit_id, { from: first ? first.from : m.from_id, to: m.to_id });
    }
    const ssccOf = async (id: string | null) => (id ? ((await units.findUnit(trx, { id }))?.sscc ?? null) : null);
    const moved: RepackedUnit[] = [];
    for (const [id, m] of net) {
      const u = (await units.findUnit(trx, { id }))!;
      moved.push({ sscc: u.sscc, gtin: u.gtin, serial: u.serial, from: await ssccOf(m.from), to: await ssccOf(m.to) });
    }
    await keepEvents(trx, this.steps, { units: moved, warehouseNo: repack.warehouse_no, at, repackNo: repack.repack_no });
    await writeAudit(
      trx,
      [
        {
          actorId: caller.userId,
          entity: 'repack',
          entityId: repack.repack_no,
          action: 'repack-complete',
          before: { state: 'REPACK_PENDING' },
          after: { state: 'REPACK_COMPLETE', destination: sscc, moves: net.size },
        },
      ],
      at,
    );
  }

  /**
   * Moves the unit (its tree with it) onto `target` or off its parent, when the rules allow; records the
   * move on the pending repack of the pallet or carton it leaves or joins; a move outside any repack
   * keeps its AggregationEvents now. Throws the refusal, and then nothing is changed. Answers whether
   * it changed anything, the units moved and the parent the unit stood on before.
   */
  private async move(
    trx: Db,
    caller: Caller,
    unit: UnitRow,
    target: UnitRow | null,
    ctx: { scanId: string; repack?: Parameters<typeof decideRepackMove>[0]['repack']; reference?: { number: string; materials: string[] } },
  ): Promise<{ changed: boolean; units: number; from: UnitRow | undefined }> {
    const tree = ordered(unit, await units.subtree(trx, unit.id, true));
    const before = unit.parent_id ? await units.findUnit(trx, { id: unit.parent_id }) : undefined;
    const decision = decideRepackMove({
      tree: tree.map(ruleUnit),
      from: before ? await holder(trx, before) : null,
      to: target ? await holder(trx, target) : null,
      openDocument:
        (await labels.openDocumentOf(
          trx,
          tree.map((u) => u.id),
        )) ?? null,
      ...(ctx.repack ? { repack: ctx.repack } : {}),
      ...(ctx.reference ? { reference: ctx.reference } : {}),
    });
    if (!decision.ok) throw new AppError(decision.refusal.status, decision.refusal.code, decision.refusal.params);
    if (!decision.changed) return { changed: false, units: tree.length, from: before };
    const at = new Date().toISOString();
    await units.setParent(trx, [unit.id], target?.id ?? null, at);
    const recordedOn: string[] = [];
    for (const h of [before, target]) {
      const pending = h && (await repo.latestRepackOf(trx, h.id));
      if (pending?.state !== 'REPACK_PENDING' || !(await repo.holdPending(trx, pending.repack_no))) continue;
      const row = {
        repack_no: pending.repack_no,
        scan_id: ctx.scanId,
        unit_id: unit.id,
        from_id: before?.id ?? null,
        to_id: target?.id ?? null,
        user_id: caller.userId,
        at,
        response_json: null,
      };
      if (!(await repo.insertMove(trx, row))) throw new AppError(409, 'SCAN_ID_REUSED');
      recordedOn.push(pending.repack_no);
    }
    await writeAudit(
      trx,
      [
        {
          actorId: caller.userId,
          entity: 'unit',
          entityId: unit.id,
          action: target ? 'repack-add' : 'repack-remove',
          before: { parent: before ? unitId(before) : null },
          after: { parent: target ? unitId(target) : null, units: tree.length, repacks: recordedOn, scanId: ctx.scanId },
          // Shown in the unit's history: the repacks by number, never the scan's id (issue 27).
          reason: recordedOn.length > 0 ? `repack ${recordedOn.join(', ')}` : 'repack',
        },
      ],
      at,
    );
    if (recordedOn.length === 0 && unit.warehouse_no) {
      const moved = { sscc: unit.sscc, gtin: unit.gtin, serial: unit.serial, from: before?.sscc ?? null, to: target?.sscc ?? null };
      await keepEvents(trx, this.steps, { units: [moved], warehouseNo: unit.warehouse_no, at, repackNo: null });
    }
    return { changed: true, units: tree.length, from: before };
  }

  private async view(db: Db, r: RepackDocumentRow): Promise<RepackView> {
    const destination = (await units.findUnit(db, { id: r.destination_id }))!;
    const kids = (await units.children(db, destination.id)).sort((a, b) =>
      a.updated_at === b.updated_at ? (a.id < b.id ? -1 : 1) : a.updated_at < b.updated_at ? 1 : -1,
    );
    const contents: RepackUnit[] = [];
    for (const k of kids) contents.push(await this.unitView(db, k, destination.sscc));
    const moves = await repo.movesOf(db, r.repack_no);
    const sources: string[] = [];
    for (const m of moves) {
      if (m.from_id === null || m.from_id === destination.id) continue;
      const sscc = (await units.findUnit(db, { id: m.from_id }))?.sscc;
      if (sscc && !sources.includes(sscc)) sources.push(sscc);
    }
    return {
      repackNo: r.repack_no,
      state: r.state,
      warehouseNo: r.warehouse_no,
      destination: { sscc: destination.sscc ?? '', type: destination.type === 'CTN' ? 'CTN' : 'PLT' },
      sourceSsccs: sources,
      referenceNo: r.reference_no,
      contents,
      packs: (await units.subtree(db, destination.id)).filter((u) => u.type === 'EA').length,
      moves: moves.length,
      createdBy: await repo.userEmail(db, r.created_by),
      createdAt: r.created_at,
      completedAt: r.completed_at,
    };
  }

  /** A unit as the repack pages show it: its material, batch and expiry when its packs are all alike. */
  private async unitView(db: Db, u: UnitRow, parentSscc?: string | null): Promise<RepackUnit> {
    const tree = u.type === 'EA' ? [u] : await units.subtree(db, u.id);
    const packs = tree.filter((x) => x.type === 'EA');
    const only = <T>(values: (T | null)[]) => {
      const set = new Set(values.filter((v): v is T => v !== null));
      return set.size === 1 ? [...set][0]! : null;
    };
    const materials = [...new Set(packs.map((p) => p.material_no).filter((m): m is string => m !== null))];
    const materialNo = materials.length === 1 ? materials[0]! : null;
    const names = await repo.materialNames(db, materials);
    const parent =
      parentSscc !== undefined ? parentSscc : u.parent_id ? ((await units.findUnit(db, { id: u.parent_id }))?.sscc ?? null) : null;
    return {
      id: repackId(u),
      type: u.type,
      materialNo,
      materialName: materials.length > 1 ? MULTIPLE_PLACEHOLDER : materialNo ? (names.get(materialNo) ?? null) : null,
      batchNo: only(packs.map((p) => p.batch_no)),
      expiry: only(packs.map((p) => p.expiry)),
      packs: packs.length,
      parent,
    };
  }
}

/**
 * Opens a pending repack of a pallet or carton: the next number 'RP' + 8 digits, audited. Used by
 * repackScan and by createPallet (a new pallet is the destination of its first repack).
 */
export async function openRepack(trx: Db, r: { unit: UnitRow; userId: string; referenceNo: string | null; at: string }): Promise<string> {
  const n = await repo.takeNumber(trx, 'RP', LAST_NUMBER);
  if (n === undefined) throw new AppError(409, 'REPACK_NUMBERS_EXHAUSTED');
  const repackNo = `RP${String(n).padStart(8, '0')}`;
  await repo.insertRepack(trx, {
    repack_no: repackNo,
    warehouse_no: r.unit.warehouse_no ?? '',
    destination_id: r.unit.id,
    state: 'REPACK_PENDING',
    reference_no: r.referenceNo,
    created_by: r.userId,
    created_at: r.at,
    completed_by: null,
    completed_at: null,
  });
  await writeAudit(
    trx,
    [
      {
        actorId: r.userId,
        entity: 'repack',
        entityId: repackNo,
        action: 'create',
        after: { destination: r.unit.sscc, state: 'REPACK_PENDING', referenceNo: r.referenceNo },
      },
    ],
    r.at,
  );
  return repackNo;
}

/**
 * The pallet or carton of the area an SSCC names, when it may be a repack's destination: not locked,
 * and no open document still building or holding its tree (issue 27).
 */
async function destinationOf(db: Db, sscc: string, area: Application): Promise<UnitRow> {
  const unit = await units.findUnitInArea(db, { sscc }, area);
  if (!unit) throw new AppError(404, 'SSCC_NOT_RECOGNIZED', { sscc });
  if (unit.type !== 'PLT' && unit.type !== 'CTN')
    throw new AppError(422, 'REPACK_NOT_A_DESTINATION', { unit: REPACK_UNIT_NAMES[unit.type] });
  if (isLocked(unit.status, unit.reason) || !unit.warehouse_no) {
    throw new AppError(422, 'REPACK_ITEM_LOCKED', { status: unit.status, reason: unit.reason ?? '-' });
  }
  const open = await repo.openDocumentOnTree(db, unit.id);
  if (open) throw new AppError(409, 'REPACK_HOLDER_ON_OPEN_DOCUMENT', holderOnDocument({ ...unit, label: unitId(unit) }, open));
  return unit;
}

async function keepEvents(
  trx: Db,
  bizSteps: { add: string; remove: string },
  e: { units: RepackedUnit[]; warehouseNo: string; at: string; repackNo: string | null },
): Promise<void> {
  const place = await places.warehousePlace(trx, e.warehouseNo);
  const events = aggregationEvents(
    {
      units: e.units,
      bizSteps,
      at: e.at,
      timeZoneOffset: offsetAt(place?.timeZone ?? null, e.at),
      gln: place?.gln ?? null,
      ...(e.repackNo ? { documentNumber: e.repackNo } : {}),
    },
    sha256Hex,
  );
  for (const event of events) {
    await repo.insertAggregation(trx, {
      id: event.eventID!,
      repackNo: e.repackNo,
      warehouseNo: e.warehouseNo,
      eventTime: event.eventTime,
      body: JSON.stringify(event),
      at: e.at,
    });
  }
}

function keyOf(code: string, today: string): units.UnitKey & ({ sscc: string } | { gtin: string; serial: string }) {
  const decoded = decodeCode(code, { today });
  if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
  if (decoded.sscc) return { sscc: decoded.sscc };
  if (decoded.gtin && decoded.serial) return { gtin: decoded.gtin, serial: decoded.serial };
  throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
}

/**
 * The tree with its root first, as the rules read it: the tree's own rows, root included, since they
 * carry each pack's batch status (a held batch is never put onto a pallet or carton, issue 30).
 */
function ordered(root: UnitRow, tree: units.UnitRowWithBatch[]): units.UnitRowWithBatch[] {
  return [tree.find((u) => u.id === root.id) ?? root, ...tree.filter((u) => u.id !== root.id)];
}

/**
 * How the repack pages and answers name a unit: a pallet's or carton's SSCC, a pack's or bundle's
 * 'GTIN/serial', as every page and message names it (docs/glossary.md, issue 27).
 */
function repackId(u: UnitRow): string {
  return unitId(u);
}

/** A unit as the move rules read it, named as the repack pages name it (their refusals quote it). */
function ruleUnit(u: units.UnitRowWithBatch) {
  return { ...scanUnit(u), label: repackId(u) };
}

/** The pallet, carton or bundle a unit was just taken out of: named, with the packs left in it and the sentence saying so. */
async function takenOutOf(db: Db, from: UnitRow): Promise<TakenFrom> {
  const packs = (await units.subtree(db, from.id)).filter((u) => u.type === 'EA').length;
  const id = repackId(from);
  return { id, type: from.type, packs, message: message('REPACK_TAKEN_OUT', { unit: REPACK_UNIT_NAMES[from.type], id, packs }) };
}

/** A pallet or carton a unit leaves or joins, as the move rules read it: its latest repack, and an open document on its tree. */
async function holder(db: Db, u: UnitRow): Promise<RepackHolder> {
  return {
    unit: { ...scanUnit(u), sscc: u.sscc },
    repack: (await repo.latestRepackOf(db, u.id))?.state ?? null,
    openDocument: (await repo.openDocumentOnTree(db, u.id)) ?? null,
  };
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
