import { createHash } from 'node:crypto';
import {
  foundState,
  inScope,
  isCountedPack,
  lineHasDifference,
  lineWithoutReason,
  message,
  movementEvent,
  readAuditAction,
  stockTakeNumber,
  stockTakeVariance,
  STOCK_TAKE_MAX,
  STOCK_TAKE_PREFIX,
  unitId,
  type Application,
  type CountedUnit,
  type Family,
  type MovedDuringCount,
  type MovementUnit,
  type Variance,
} from '@pharma/domain';
import type { ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';
import type {
  ApproveStockTakeResponse,
  CompleteStockTakeRequest,
  CreateStockTakeRequest,
  CreateStockTakeResponse,
  RecountRequest,
  StockTakeActionResponse,
  StockTakeDetails,
  StockTakeLine,
} from '@pharma/domain/contract/stock-takes';
import type { Db } from '../../db/database.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoToday } from '../../lib/today.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as units from '../inventory/units.repository.ts';
import { takeNumber } from '../repack/repack.repository.ts';
import { offsetAt, sha256Hex } from '../integration/movements.service.ts';
import * as movements from '../integration/movements.repository.ts';
import { checkUnit, findOfLevel, scanKeysOf, type Actor } from '../scans/scans.service.ts';
import * as repo from './stock-takes.repository.ts';
import { replayed } from '../../lib/replay.ts';

/** Who asks, and whether they see expected figures (ApproveCount in the area, checked by the route). */
export interface Viewer extends Actor {
  area: Application;
  seesExpected: boolean;
}

/**
 * The stock take (issue 31, decision 0079): a count against a snapshot. Creating it takes the snapshot;
 * a scan (handed over by the engine's scan path) records the units counted and changes none; the variance
 * is computed by the domain's `stockTakeVariance` from the snapshot, the counted units of each line's live
 * round and the units moved since; completion takes a reason per difference; approval by another person
 * sets the missing units MISSING and moves the found ones into the warehouse, in one transaction, each
 * change audited and kept as an EPCIS ObjectEvent (bizStep cycle_counting).
 */
export class StockTakeService {
  constructor(
    private readonly db: Db,
    /**
     * The family that counts against a snapshot (`stockTake`, decision 0079): the registry's
     * `stockTakeFamily`, whose documents this service runs. A server whose registry has none offers no stock take (app.ts).
     */
    private readonly family: Family,
  ) {}

  async create(actor: Viewer, req: CreateStockTakeRequest): Promise<CreateStockTakeResponse> {
    const scope = req.scope ?? {};
    if (scope.batchNo && !scope.materialNo) throw new AppError(400, 'STOCK_TAKE_BATCH_WITHOUT_MATERIAL');
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.warehouseInArea(trx, req.warehouseNo, actor.area)))
        throw new AppError(422, 'STOCK_TAKE_WAREHOUSE_UNKNOWN', { warehouseNo: req.warehouseNo });
      if (scope.materialNo && !(await repo.materialExists(trx, scope.materialNo)))
        throw new AppError(422, 'STOCK_TAKE_MATERIAL_UNKNOWN', { materialNo: scope.materialNo });
      const rootId = scope.sscc ? ((await repo.containerInStock(trx, scope.sscc, req.warehouseNo)) ?? null) : null;
      if (scope.sscc && !rootId)
        throw new AppError(422, 'STOCK_TAKE_SSCC_NOT_IN_WAREHOUSE', { sscc: scope.sscc, warehouseNo: req.warehouseNo });
      const n = await takeNumber(trx, STOCK_TAKE_PREFIX, STOCK_TAKE_MAX);
      if (n === undefined) throw new AppError(409, 'STOCK_TAKE_NUMBERS_EXHAUSTED');
      const number = stockTakeNumber(n);
      const at = new Date().toISOString();
      const id = newId();
      await trx
        .insertInto('documents')
        .values({
          id,
          type: this.family.type,
          number,
          warehouse_no: req.warehouseNo,
          status: 'Open',
          doc_date: isoToday(),
          created_at: at,
          updated_at: at,
          completed_at: null,
          destination_warehouse_no: null,
          source_document_id: null,
        })
        .execute();
      await repo.insertStockTake(trx, {
        document_id: id,
        number,
        warehouse_no: req.warehouseNo,
        scope_material_no: scope.materialNo ?? null,
        scope_batch_no: scope.batchNo ?? null,
        scope_sscc: scope.sscc ?? null,
        blind: req.blind ? 1 : 0,
        state: 'COUNTING',
        snapshot_at: at,
        created_by: actor.userId,
        completed_by: null,
        completed_at: null,
        approved_by: null,
        approved_at: null,
      });
      const snapshotUnits = await repo.takeSnapshot(trx, id, req.warehouseNo, {
        materialNo: scope.materialNo ?? null,
        batchNo: scope.batchNo ?? null,
        rootId,
      });
      await writeAudit(
        trx,
        [
          {
            actorId: actor.userId,
            entity: 'document',
            entityId: id,
            action: 'create',
            after: { type: this.family.type, number, warehouseNo: req.warehouseNo, status: 'Open', scope, blind: req.blind, snapshotUnits },
          },
        ],
        at,
      );
      const shown = !req.blind || actor.seesExpected;
      return {
        number,
        message: message('STOCK_TAKE_CREATED', { number, warehouseNo: req.warehouseNo }, actor.locale),
        ...(shown ? { snapshotUnits } : {}),
      };
    });
  }

  /**
   * A scan of the count (POST /api/scanForOperation, docType COUNT): the code decoded again as every
   * family's, the document locked, the unit and everything under it recorded as counted in its line's
   * live round; no unit changes. A unit counted before in that round counts once. A resent scanId
   * answers the first answer and records nothing.
   */
  async scan(actor: Actor, req: ScanRequest, today = isoToday()): Promise<ScanResponse> {
    if (req.userId !== undefined && req.userId !== actor.userId) throw new AppError(409, 'SCAN_OF_ANOTHER_USER');
    const keys = await scanKeysOf(this.db, req, today);
    const requestHash = hash(['count', req.docType, req.docNo, req.code, req.unit ?? '']);
    try {
      return await this.db.transaction().execute((trx) => this.recordScan(trx, actor, req, keys, requestHash));
    } catch (error) {
      // A resent scanId: its row's key refused the insert (or the count moved on); answer the first answer.
      const stored = replayed<ScanResponse>(await repo.storedScan(this.db, req.scanId), requestHash);
      if (!stored) throw error;
      return stored;
    }
  }

  private async recordScan(
    trx: Db,
    actor: Actor,
    req: ScanRequest,
    keys: Awaited<ReturnType<typeof scanKeysOf>>,
    requestHash: string,
  ): Promise<ScanResponse> {
    const doc = await docs.lockDocument(trx, this.family.type, req.docNo, actor.area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: this.family.type, number: req.docNo });
    const take = await repo.findStockTake(trx, doc.number, actor.area ?? 'RDC');
    if (!take) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: this.family.type, number: req.docNo });
    if (take.state !== 'COUNTING') throw new AppError(409, 'STOCK_TAKE_NOT_COUNTING', { number: take.number, state: take.state });
    const found = await findOfLevel(keys, (k) => units.findUnitForScan(trx, k));
    const unit = checkUnit(found, keys[0]!, req.unit);
    // The parent the scanned unit was counted in: its own parent when that was counted on this count.
    const parentCounted = unit.parent_id !== null && (await repo.countedAmong(trx, doc.id, [unit.parent_id])).length > 0;
    const at = new Date().toISOString();
    // The scan row first: a resent scanId stops here, on its key, before anything else is written.
    await repo.insertScan(trx, {
      id: req.scanId,
      stockTakeId: doc.id,
      unitId: unit.id,
      code: req.code,
      units: 0,
      userId: actor.userId,
      device: req.device ?? null,
      at,
      requestHash,
      responseJson: '',
    });
    const { counted, tree } = await repo.countTree(trx, {
      stockTakeId: doc.id,
      rootId: unit.id,
      rootParentId: parentCounted ? unit.parent_id : null,
      scanId: req.scanId,
      userId: actor.userId,
      at,
    });
    const packs = counted.filter((type) => isCountedPack(type)).length;
    const again = tree - counted.length;
    const status = doc.status === 'Open' ? 'In Progress' : doc.status;
    const response: ScanResponse = {
      scanId: req.scanId,
      accepted: true,
      packs,
      unit: { type: unit.type, id: unitId(unit) },
      document: { status },
      warnings: again > 0 ? [message('STOCK_TAKE_ALREADY_COUNTED', { count: again, number: doc.number }, actor.locale)] : [],
      // A count's answer lists no lines: they would name what is expected (blind counts); GET /api/stockTakes/{no} has them.
      data: [],
    };
    await repo.setScanAnswer(trx, req.scanId, counted.length, JSON.stringify(response));
    await docs.touchDocument(trx, doc.id, at, status !== doc.status ? status : undefined);
    const audit: AuditEntry[] = [
      {
        actorId: actor.userId,
        entity: 'document',
        entityId: doc.id,
        action: 'count',
        after: { scanId: req.scanId, unit: unitId(unit), units: counted.length, packs, countedBefore: again },
      },
    ];
    if (status !== doc.status)
      audit.push({
        actorId: actor.userId,
        entity: 'document',
        entityId: doc.id,
        action: 'status',
        before: { status: doc.status },
        after: { status },
      });
    await writeAudit(trx, audit, at);
    return response;
  }

  async details(viewer: Viewer, number: string): Promise<StockTakeDetails> {
    // One transaction whose reads all see one moment (on PostgreSQL REPEATABLE READ: under READ COMMITTED
    // a recount committed meanwhile would show in the counted figures and not in the line's round), and
    // that sets the reads' plan for itself alone (repo.keyedReads).
    return repo.oneMoment(this.db).execute(async (trx) => this.view(trx, await this.find(trx, number, viewer.area), viewer));
  }

  async recount(viewer: Viewer, number: string, req: RecountRequest): Promise<StockTakeActionResponse> {
    return this.db.transaction().execute(async (trx) => {
      const take = await this.lock(trx, number, viewer.area);
      if (take.state !== 'COUNTING') throw new AppError(409, 'STOCK_TAKE_NOT_COUNTING', { number, state: take.state });
      const roundOf = await repo.rounds(trx, take.document_id);
      const key = repo.lineKey(req.materialNo, req.batchNo);
      const round = roundOf.get(key) ?? 0;
      const counted = await repo.countedOnLine(trx, take.document_id, req.materialNo, req.batchNo, round);
      const batchNo = req.batchNo ?? '-';
      if (counted === 0) throw new AppError(422, 'STOCK_TAKE_LINE_NOT_COUNTED', { materialNo: req.materialNo, batchNo, number });
      const at = new Date().toISOString();
      await repo.insertRecount(trx, {
        stockTakeId: take.document_id,
        materialNo: req.materialNo,
        batchNo: req.batchNo ?? '',
        round: round + 1,
        userId: viewer.userId,
        at,
      });
      // Both counts stay: the earlier round's rows are kept, and the trail says what was cleared.
      await writeAudit(
        trx,
        [
          {
            actorId: viewer.userId,
            entity: 'document',
            entityId: take.document_id,
            action: 'uncount',
            before: { materialNo: req.materialNo, batchNo: req.batchNo, round, counted },
            after: { materialNo: req.materialNo, batchNo: req.batchNo, round: round + 1, counted: 0 },
            reason: 'recount',
          },
        ],
        at,
      );
      return {
        message: message('STOCK_TAKE_RECOUNT', { materialNo: req.materialNo, batchNo, number, round: round + 1 }, viewer.locale),
        details: await this.view(trx, take, viewer),
      };
    });
  }

  async complete(viewer: Viewer, number: string, req: CompleteStockTakeRequest): Promise<StockTakeActionResponse> {
    return this.db.transaction().execute(async (trx) => {
      const take = await this.lock(trx, number, viewer.area);
      if (take.state !== 'COUNTING') throw new AppError(409, 'STOCK_TAKE_NOT_COUNTING', { number, state: take.state });
      const variance = await this.variance(trx, take);
      refuseWithoutReason(variance, req.reasons);
      const given = req.reasons.filter((r) =>
        variance.lines.some((l) => lineHasDifference(l) && l.materialNo === r.materialNo && (l.batchNo ?? null) === (r.batchNo ?? null)),
      );
      await repo.replaceReasons(
        trx,
        take.document_id,
        given.map((r) => ({
          materialNo: r.materialNo,
          batchNo: r.batchNo ?? '',
          reason: r.reason,
          text: r.reason === 'OTHER' ? (r.text ?? '').trim() : null,
        })),
      );
      const at = new Date().toISOString();
      await repo.setState(trx, take.document_id, { state: 'COMPLETED', completed_by: viewer.userId, completed_at: at });
      // Waiting for approval is still open work: the document stays In Progress until it is approved.
      await docs.touchDocument(trx, take.document_id, at, take.status === 'Open' ? 'In Progress' : undefined);
      await writeAudit(
        trx,
        [
          {
            actorId: viewer.userId,
            entity: 'document',
            entityId: take.document_id,
            action: 'status',
            before: { state: 'COUNTING' },
            after: {
              state: 'COMPLETED',
              reasons: given.map((r) => ({ materialNo: r.materialNo, batchNo: r.batchNo, reason: r.reason, text: r.text ?? null })),
            },
          },
        ],
        at,
      );
      const updated = {
        ...take,
        state: 'COMPLETED' as const,
        completed_by: viewer.userId,
        completed_at: at,
        status: 'In Progress' as const,
      };
      return { message: message('STOCK_TAKE_COMPLETED', { number }, viewer.locale), details: await this.view(trx, updated, viewer) };
    });
  }

  async approve(viewer: Viewer, number: string): Promise<ApproveStockTakeResponse> {
    return this.db.transaction().execute(async (trx) => {
      const take = await this.lock(trx, number, viewer.area);
      if (take.state !== 'COMPLETED') throw new AppError(409, 'STOCK_TAKE_NOT_COMPLETED', { number, state: take.state });
      if (take.completed_by === viewer.userId) throw new AppError(409, 'STOCK_TAKE_APPROVER_IS_COMPLETER', { number });
      const { variance, moved, extra } = await this.varianceWithMoves(trx, take);
      // A unit moved since completion may have changed a line: every difference still needs its reason.
      const stored = (await repo.reasons(trx, take.document_id)).map((r) => ({
        materialNo: r.material_no,
        batchNo: r.batch_no === '' ? null : r.batch_no,
        reason: r.reason,
        text: r.text,
      }));
      refuseWithoutReason(variance, stored, 409);
      const at = new Date().toISOString();
      const why = (what: string) => `stock take ${number}: ${what}`;

      // Missing: MISSING, keeping the reason and the warehouse where they were last seen; a unit whose
      // parent is not missing too leaves it (the parent no longer holds it).
      const missing = await repo.unitsByIds(trx, variance.missingIds);
      const missingSet = new Set(variance.missingIds);
      const audit: AuditEntry[] = missing.map((u) => {
        const leaves = u.parent_id !== null && !missingSet.has(u.parent_id);
        return {
          actorId: viewer.userId,
          entity: 'unit',
          entityId: u.id,
          action: 'status',
          before: { status: u.status, reason: u.reason, warehouseNo: u.warehouse_no, parentId: u.parent_id },
          after: { status: 'MISSING', reason: u.reason, warehouseNo: u.warehouse_no, parentId: leaves ? null : u.parent_id },
          reason: why('missing'),
        };
      });
      await repo.setStatus(trx, variance.missingIds, 'MISSING', at);
      await repo.clearParent(
        trx,
        missing.filter((u) => u.parent_id !== null && !missingSet.has(u.parent_id)).map((u) => u.id),
        at,
      );

      // Found: ACTIVE in this warehouse, under the parent they were counted in.
      const countedParent = new Map(extra.map((c) => [c.unit_id, c.counted_parent_id]));
      const found = await repo.unitsByIds(trx, variance.foundIds);
      for (const u of found) {
        const state = foundState(u.reason);
        const parentId = countedParent.get(u.id) ?? null;
        await repo.placeUnit(trx, { id: u.id, ...state, warehouseNo: take.warehouse_no, parentId, at });
        audit.push({
          actorId: viewer.userId,
          entity: 'unit',
          entityId: u.id,
          action: 'status',
          before: { status: u.status, reason: u.reason, warehouseNo: u.warehouse_no, parentId: u.parent_id },
          after: { ...state, warehouseNo: take.warehouse_no, parentId },
          reason: why('found'),
        });
      }

      await repo.markOutcome(trx, 'stock_take_snapshot', take.document_id, variance.missingIds, 'missing');
      await repo.markOutcome(trx, 'stock_take_counted', take.document_id, variance.foundIds, 'found');
      for (const m of moved) {
        const doc = { type: m.docType, number: m.docNo };
        await repo.markOutcome(trx, 'stock_take_snapshot', take.document_id, [m.unitId], 'moved', doc);
        await repo.markOutcome(trx, 'stock_take_counted', take.document_id, [m.unitId], 'moved', doc);
      }

      await this.recordEvents(trx, take, [...missing], found, at);
      await repo.setState(trx, take.document_id, { state: 'APPROVED', approved_by: viewer.userId, approved_at: at });
      await docs.setStatus(trx, take.document_id, 'Completed', at);
      audit.push({
        actorId: viewer.userId,
        entity: 'document',
        entityId: take.document_id,
        action: 'complete',
        before: { status: take.status, state: 'COMPLETED' },
        after: { status: 'Completed', state: 'APPROVED', missing: missing.length, found: found.length },
      });
      await writeAudit(trx, audit, at);
      const updated = { ...take, state: 'APPROVED' as const, approved_by: viewer.userId, approved_at: at, status: 'Completed' as const };
      return {
        message: message(
          'STOCK_TAKE_APPROVED',
          { number, missing: missing.length, found: found.length, warehouseNo: take.warehouse_no },
          viewer.locale,
        ),
        adjusted: { missing: missing.length, found: found.length },
        details: await this.view(trx, updated, viewer),
      };
    });
  }

  /** The EPCIS 2.0 ObjectEvents of the adjustments (CBV 2.0 section 7.1 cycle_counting): found units sellable, missing ones 'unknown'. */
  private async recordEvents(trx: Db, take: repo.StockTakeWithDocument, missing: MovementUnit[], found: MovementUnit[], at: string) {
    const place = await movements.warehousePlace(trx, take.warehouse_no);
    const groups: [MovementUnit[], string][] = [
      [found, this.family.cbv.disposition],
      [missing, 'unknown'],
    ];
    for (const [list, disposition] of groups) {
      const built = movementEvent(
        {
          document: { number: take.number },
          cbv: { bizStep: this.family.cbv.bizStep, disposition },
          at,
          timeZoneOffset: offsetAt(place?.timeZone ?? null, at),
          gln: place?.gln ?? null,
          units: list,
        },
        sha256Hex,
      );
      if (!built.ok) {
        if (built.error === 'NO_UNITS') continue;
        throw new Error(`EPCIS event of COUNT ${take.number}: ${built.error}`);
      }
      await movements.insertMovement(trx, {
        id: built.event.eventID!,
        document_id: take.document_id,
        doc_type: this.family.type,
        doc_no: take.number,
        event_time: built.event.eventTime,
        body_json: JSON.stringify(built.event),
        created_at: new Date().toISOString(),
      });
    }
  }

  private async find(db: Db, number: string, area: Application): Promise<repo.StockTakeWithDocument> {
    const take = await repo.findStockTake(db, number, area);
    if (!take) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: this.family.type, number });
    return take;
  }

  /** The count, its document locked for the transaction (as a scan locks it: scans and these take turns). */
  private async lock(trx: Db, number: string, area: Application): Promise<repo.StockTakeWithDocument> {
    const doc = await docs.lockDocument(trx, this.family.type, number, area);
    if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: this.family.type, number });
    return this.find(trx, number, area);
  }

  private async variance(db: Db, take: repo.StockTakeWithDocument): Promise<Variance> {
    return (await this.varianceWithMoves(db, take)).variance;
  }

  /**
   * The variance now. Until approval the units moved during the count are found live: a unit of the
   * snapshot whose status, reason or warehouse changed and that a document scanned, completed or reopened
   * since the snapshot (the audit trail's document actions), or that left the warehouse; a unit counted
   * that came into the warehouse's stock since (not in the snapshot, in stock here when counted). Once
   * approved, the outcomes kept at approval are read (the adjustments themselves changed the units).
   */
  private async varianceWithMoves(
    db: Db,
    take: repo.StockTakeWithDocument,
  ): Promise<{ variance: Variance; moved: MovedDuringCount[]; extra: repo.CountedRead[] }> {
    const lines = await repo.roundList(db, take.document_id);
    const { totals, exceptions, extra } = await repo.keyedReads(db, async () => ({
      totals: await repo.lineTotals(db, take.document_id),
      exceptions: await repo.snapshotExceptions(db, take.document_id, lines),
      extra: await repo.extraCounted(db, take.document_id, lines),
    }));
    const scope = { materialNo: take.scope_material_no ?? undefined, batchNo: take.scope_batch_no ?? undefined };
    let moved: MovedDuringCount[];
    if (take.state === 'APPROVED') {
      moved = [
        ...exceptions
          .filter((s) => s.outcome === 'moved')
          .map((s) => ({ unitId: s.unit_id, docType: s.moved_doc_type, docNo: s.moved_doc_no })),
        ...extra.filter((c) => c.outcome === 'moved').map((c) => ({ unitId: c.unit_id, docType: c.moved_doc_type, docNo: c.moved_doc_no })),
      ];
    } else {
      const changed = exceptions.filter((s) => Number(s.changed) === 1);
      const cameIn = extra.filter((c) => inScope(toCounted(c), scope) && c.was_warehouse_no === take.warehouse_no);
      const actions = await repo.documentActionsSince(
        db,
        [...changed.map((s) => s.unit_id), ...cameIn.map((c) => c.unit_id)],
        take.snapshot_at,
      );
      const lastDocument = new Map<string, { docType: string; docNo: string }>();
      for (const a of actions) {
        const read = readAuditAction(a.action);
        if (read.kind === 'document' && read.type !== this.family.type)
          lastDocument.set(a.entity_id, { docType: read.type, docNo: read.number });
      }
      moved = [];
      for (const s of changed) {
        const d = lastDocument.get(s.unit_id);
        // A status edit alone leaves the unit on the shelf: it is still expected.
        if (d) moved.push({ unitId: s.unit_id, ...d });
        else if ((s.now_warehouse_no ?? '') !== (s.snap_warehouse_no ?? '')) moved.push({ unitId: s.unit_id, docType: null, docNo: null });
      }
      for (const c of cameIn) {
        const d = lastDocument.get(c.unit_id);
        if (d) moved.push({ unitId: c.unit_id, ...d });
      }
    }
    const variance = stockTakeVariance({
      warehouseNo: take.warehouse_no,
      scope,
      totals: totals.map((t) => ({ materialNo: t.material_no, batchNo: t.batch_no, packs: Number(t.packs) })),
      exceptions: exceptions.map((s) => ({
        unitId: s.unit_id,
        type: s.type,
        label: unitId(s),
        materialNo: s.material_no,
        batchNo: s.batch_no,
        counted: Number(s.live) === 1,
      })),
      extra: extra.map(toCounted),
      moved,
    });
    return { variance, moved, extra };
  }

  /** The count as the viewer may see it: the full variance, or a blind counter's counted figures only. */
  private async view(db: Db, take: repo.StockTakeWithDocument, viewer: Viewer): Promise<StockTakeDetails> {
    const people = await repo.emails(db, [take.created_by, take.completed_by, take.approved_by]);
    const stockTake = {
      number: take.number,
      warehouseNo: take.warehouse_no,
      area: take.area,
      scope: {
        ...(take.scope_material_no ? { materialNo: take.scope_material_no } : {}),
        ...(take.scope_batch_no ? { batchNo: take.scope_batch_no } : {}),
        ...(take.scope_sscc ? { sscc: take.scope_sscc } : {}),
      },
      blind: take.blind === 1,
      state: take.state,
      status: take.status,
      snapshotAt: take.snapshot_at,
      createdBy: people.get(take.created_by) ?? null,
      completedAt: take.completed_at,
      completedBy: take.completed_by ? (people.get(take.completed_by) ?? null) : null,
      approvedAt: take.approved_at,
      approvedBy: take.approved_by ? (people.get(take.approved_by) ?? null) : null,
    };
    const roundOf = await repo.rounds(db, take.document_id);
    const reasons = new Map(
      (await repo.reasons(db, take.document_id)).map((r) => [repo.lineKey(r.material_no, r.batch_no === '' ? null : r.batch_no), r]),
    );
    const reasonOf = (materialNo: string, batchNo: string | null) => {
      const r = reasons.get(repo.lineKey(materialNo, batchNo));
      return r ? { reason: r.reason, text: r.text } : null;
    };
    const roundOfLine = (materialNo: string, batchNo: string | null) => roundOf.get(repo.lineKey(materialNo, batchNo)) ?? 0;

    if (take.blind === 1 && !viewer.seesExpected) {
      // Only what was counted: the live round's packs in scope, per line; no line the count did not count.
      const tally = (
        await repo.countedLines(
          db,
          take.document_id,
          { materialNo: take.scope_material_no, batchNo: take.scope_batch_no },
          await repo.roundList(db, take.document_id),
        )
      ).map((c) => ({ materialNo: c.material_no ?? '', batchNo: c.batch_no, counted: Number(c.packs) }));
      const names = await repo.materialNames(
        db,
        tally.map((t) => t.materialNo),
      );
      const lines: StockTakeLine[] = tally
        .sort((a, b) => (a.materialNo + '\u0000' + (a.batchNo ?? '') < b.materialNo + '\u0000' + (b.batchNo ?? '') ? -1 : 1))
        .map((t) => ({
          materialNo: t.materialNo,
          materialName: names.get(t.materialNo) ?? null,
          batchNo: t.batchNo,
          counted: t.counted,
          round: roundOfLine(t.materialNo, t.batchNo),
          reason: reasonOf(t.materialNo, t.batchNo),
        }));
      return { stockTake, view: 'blind', lines };
    }

    const { variance } = await this.varianceWithMoves(db, take);
    const names = await repo.materialNames(
      db,
      variance.lines.map((l) => l.materialNo),
    );
    return {
      stockTake,
      view: 'full',
      lines: variance.lines.map((l) => ({
        ...l,
        materialName: names.get(l.materialNo) ?? null,
        round: roundOfLine(l.materialNo, l.batchNo),
        reason: reasonOf(l.materialNo, l.batchNo),
      })),
      missingContainers: variance.missingContainers,
      foundContainers: variance.foundContainers,
    };
  }
}

function toCounted(c: repo.CountedRead): CountedUnit {
  return {
    unitId: c.unit_id,
    type: c.type,
    label: unitId(c),
    materialNo: c.material_no,
    batchNo: c.batch_no,
    wasWarehouseNo: c.was_warehouse_no,
    wasStatus: c.was_status,
    wasReason: c.was_reason,
  };
}

/** Refuses, naming the line, when a line with a difference has no reason (or 'Other' without its text). */
function refuseWithoutReason(
  variance: Variance,
  reasons: readonly { materialNo: string; batchNo: string | null; reason: string; text?: string | null }[],
  status: 409 | 422 = 422,
): void {
  const line = lineWithoutReason(variance.lines, reasons as never);
  if (!line) return;
  const params = { materialNo: line.materialNo, batchNo: line.batchNo ?? '-' };
  const given = reasons.find((r) => r.materialNo === line.materialNo && (r.batchNo ?? null) === (line.batchNo ?? null));
  throw new AppError(status, given ? 'STOCK_TAKE_REASON_TEXT' : 'STOCK_TAKE_REASON_MISSING', params);
}

function hash(parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}
