import { createHash } from 'node:crypto';
import {
  allocate,
  decideScan,
  decodeScan,
  documentAuditAction,
  readScanLevel,
  message,
  statusAfterRemoval,
  quantityExceeded,
  UNIT_LABELS,
  unitId,
  type Application,
  type DocumentStatus,
  type Family,
  type Locale,
  type Registry,
  type ScanInput,
  type ScannedRoot,
  type StockBatch,
  type UnitType,
  type DecodeResult,
  type MessageCode,
  type ScanOptions,
  type UnitKey,
  type UnitState,
  type AuditAction,
  unitKeyOf,
} from '@pharma/domain';
import type { ScanRequest, ScanResponse } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import { flushGroup, groupMemo, type Transactor, type UnitOptions } from '../../db/transactor.ts';
import type { DocumentRow } from '../inventory/documents.repository.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import type { ScanKind } from './scans.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import { viewLines } from '../inventory/document-view.ts';
import * as units from '../inventory/units.repository.ts';
import { scanUnit } from '../inventory/unit-view.ts';
import * as counts from './counts.repository.ts';
import * as group from './scan-group.repository.ts';
import * as scans from './scans.repository.ts';
import { isoToday } from '../../lib/today.ts';
import { readerOptions } from '../readers/readers.service.ts';
import { leaveCartonsOffDocument } from '../redress/carton-units.ts';
import { replayed } from '../../lib/replay.ts';

/** Packs a scan takes in another state than the family's while an outside check has no answer (issue 28). */
export interface HeldScan {
  state: UnitState;
  /** The scan's warning: why the packs are held. */
  warning: string;
}

/**
 * A check of a scan's packs by an outside party, for a family that asks it (`family.verification`; the
 * national verification system, api/verification/scan-verification.ts): asked before the scan's
 * transaction, since a network call never holds the write lock. It throws a refusal, answers the packs to
 * hold, or nothing when the scan goes on as any other.
 */
export interface ScanVerifier<H extends HeldScan = HeldScan> {
  beforeScan(actor: Actor, family: Family, req: ScanRequest, keys: readonly UnitKey[], today: string): Promise<H | undefined>;
  /** In the scan's transaction: the held packs under a pallet or carton take the held state. */
  hold(trx: Db, held: H, scan: { actorId: string; at: string; action: AuditAction }): Promise<void>;
  /** After the scan's commit: an answer written meanwhile is applied. */
  afterScan(held: H): Promise<void>;
}

export interface Actor {
  userId: string;
  /** The area the request came from: only documents of that area's warehouses are seen. */
  area?: Application;
  /** The language of the answer's messages (decision 0090); English when not given. */
  locale?: Locale;
}

/**
 * Scanning against a document of any family: decode the raw code again, then in one transaction
 * read the document, the unit tree and the lines, ask the family's pure rule (`decideScan`) and
 * write what it answers: the scan, the counts, the units' states and the audit trail. The family
 * entry (packages/domain/src/families) says what may be scanned and what a scan sets.
 * A repeated scanId answers the first answer and changes nothing.
 */
export class ScanService {
  constructor(
    private readonly db: Db,
    /** The families it runs (decision 0085): the server's, given to buildApp. */
    private readonly registry: Registry,
    private readonly transact: Transactor = (work) => db.transaction().execute(work),
    /** Verifies the packs of a family that asks it as they are scanned (issue 28); none: no scan is verified. */
    private readonly verification?: ScanVerifier,
  ) {}

  async scan(actor: Actor, req: ScanRequest, today = isoToday()): Promise<ScanResponse> {
    // Annex 11 attribution (decision 0026): a scan naming its maker is recorded only under that maker.
    if (req.userId !== undefined && req.userId !== actor.userId) throw new AppError(409, 'SCAN_OF_ANOTHER_USER');
    const family = familyFor(this.registry, req.docType);
    // The level (pallet, carton, pack) is the picked one, else found from the code and the unit on record (decision 0065).
    const keys = await this.scanKeys(req, today);
    const key = keys[0]!;
    const requestHash = hashRequest(['scan', req.docType, req.docNo, req.code, req.unit ?? '']);
    // A family that verifies its packs asks the national system first, outside the transaction (a network
    // call never holds the write lock): a refusal is thrown here; packs without an answer yet are held.
    const held =
      family.verification?.onScan === 'verify' ? await this.verification?.beforeScan(actor, family, req, keys, today) : undefined;
    const hint = { docType: family.type, docNo: req.docNo, area: actor.area, key };
    const answer = await this.onceShared(req.scanId, requestHash, hint, async (trx) => {
      // Reads and the decision first: a refusal changes nothing (and in a group commit needs no savepoint).
      // A group's scans share the document they locked and its lines as the group left them (decision 0033).
      const memo = groupMemo(trx);
      const doc = await memoised(memo, `doc ${family.type} ${req.docNo} ${actor.area ?? ''}`, () =>
        lockDocument(trx, family, req.docNo, actor.area),
      );
      const found = await findOfLevel(keys, (k) =>
        group.findScannedUnit(trx, k, family.expected === 'lines+asn' ? doc.id : undefined, {
          docType: family.type,
          docNo: req.docNo,
          area: actor.area,
          key: k,
          documentId: doc.id,
        }),
      );
      const unit = checkUnit(found, key, req.unit);
      const leaf = unit.type === 'EA';
      // A carton's or pallet's tree is read as the group's earlier scans leave it: their writes are made first.
      // (First expiry, first out reads the stock through the group's memo instead: group.oldestBatchBeforeInGroup.)
      if (!leaf) await flushGroup(trx);
      const tree = leaf ? [unit] : await units.subtree(trx, unit.id, true);
      const lines = await memoised(memo, group.linesKey(doc.id), () => docs.lines(trx, doc.id));
      const input: ScanInput = {
        family,
        document: { type: doc.type, number: doc.number, status: doc.status, warehouseNo: doc.warehouse_no },
        root: scanUnit(unit),
        tree: tree.map(scanUnit),
        parent: found!.parent_type
          ? {
              type: found!.parent_type,
              label: unitId({ sscc: found!.parent_sscc, gtin: found!.parent_gtin, serial: found!.parent_serial }),
            }
          : undefined,
        lines: lines.map((l) => ({
          lineNo: l.line_no,
          materialNo: l.material_no,
          batchNo: l.batch_no,
          quantity: l.quantity,
          scanned: l.scanned_quantity,
        })),
        expected: family.expected === 'lines+asn' ? (found!.expected ?? (await docs.isExpected(trx, doc.id, unit.id))) : true,
        olderStock: family.fefo ? await olderBatchesPerMaterial(trx, family, doc, tree, today) : [],
        today,
      };
      let decision = decideScan(input);
      if (!decision.ok && decision.blocked) {
        await flushGroup(trx);
        decision = decideScan({
          ...input,
          onDocument: await docs.unitsAlreadyOnDocument(
            trx,
            doc.id,
            tree.map((u) => u.id),
          ),
        });
      }
      if (!decision.ok) throw new AppError(decision.refusal.status, decision.refusal.code, decision.refusal.params);

      const counted = lines.map((l) => ({ ...l, scanned_quantity: decision.counts.get(l.line_no) ?? l.scanned_quantity }));
      const response: ScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs: decision.packs,
        unit: { type: unit.type, id: unitId(unit) },
        document: { status: 'In Progress' },
        warnings: [...decision.warnings.map((w) => message(w.code, w.params, actor.locale)), ...(held ? [held.warning] : [])],
        data: viewLines(counted, scannedRoots(unit, decision.groups)),
      };

      const at = new Date().toISOString();
      const audit = { opId: newId(), actorId: actor.userId, at, action: documentAuditAction('scan', doc.type, doc.number), why: null };
      const statusAudit = doc.status === 'Open' ? inProgressAudit(doc, actor) : undefined;
      const scan = scanRow({
        id: req.scanId,
        doc,
        unit,
        kind: 'scan',
        code: req.code,
        packs: decision.packs,
        actor,
        device: req.device,
        at,
        requestHash,
        response,
      });
      if (leaf) {
        // A pack: every write of the scan in one call (one statement on PostgreSQL).
        await scans.recordPackScan(trx, {
          scan,
          counts: decision.counts,
          pack: unit,
          state: held ? { ...decision.state, ...held.state } : decision.state,
          audit,
          documentStatus: statusAudit && { status: 'In Progress', audit: statusAudit },
        });
        rememberScan(memo, doc, statusAudit ? 'In Progress' : doc.status, counted, at);
        return response;
      }
      await scans.recordTreeScan(trx, {
        scan,
        counts: decision.counts,
        rootId: unit.id,
        tree,
        state: decision.state,
        audit,
        documentStatus: statusAudit && { status: 'In Progress', audit: statusAudit },
      });
      if (held) await this.verification!.hold(trx, held, audit);
      rememberScan(memo, doc, statusAudit ? 'In Progress' : doc.status, counted, at);
      return response;
    });
    if (held) await this.verification!.afterScan(held);
    return answer;
  }

  /** Takes a scanned unit (and everything under it) off the document, back to the state each had before the scan. */
  async reverse(actor: Actor, req: { docType: string; docNo: string; code: string; unit?: UnitType; scanId: string }, today = isoToday()) {
    const family = familyFor(this.registry, req.docType);
    const key = this.decodeAny(req.code, req.unit, today);
    const requestHash = hashRequest(['reverse', req.docType, req.docNo, req.code, req.unit ?? '']);
    return this.once(req.scanId, requestHash, async (trx) => {
      const doc = await lockDocument(trx, family, req.docNo, actor.area);
      if (doc.status === 'Completed') throw new AppError(422, family.deleteCompleted ?? 'ITEM_CANNOT_BE_DELETED');
      const unit = checkUnit(await units.findUnitForScan(trx, key), key, req.unit);
      const tree = await units.subtree(trx, unit.id, true);
      const ids = tree.map((u) => u.id);
      if (!(await docs.alreadyOnDocument(trx, doc.id, ids)))
        throw new AppError(422, 'NOT_SCANNED_ON_DOCUMENT', { type: doc.type, number: doc.number });
      if (tree.some((u) => u.status !== family.scanned.status || u.reason !== family.scanned.reason))
        throw new AppError(422, 'ITEM_CANNOT_BE_DELETED');
      const packs = tree.filter((u) => u.type === 'EA').length;
      const at = new Date().toISOString();
      await units.restoreScannedState(trx, doc.id, ids, {
        opId: newId(),
        actorId: actor.userId,
        at,
        action: documentAuditAction('reverse', doc.type, doc.number),
        why: 'scanned item deleted',
      });
      await scans.takeOffDocument(trx, doc.id, ids);
      // A pack that a document put in a carton (a redress carton, decision 0061) leaves it with the document.
      await leaveCartonsOffDocument(trx, doc, { actorId: actor.userId, at });
      const lines = await this.recount(trx, doc);
      // Nothing left on it: Open again, as before its first scan (issue 27); every page reads this status.
      const status = statusAfterRemoval(doc.status, await counts.leftOnDocument(trx, doc.id));
      const response: ScanResponse = {
        scanId: req.scanId,
        accepted: true,
        packs,
        unit: { type: unit.type, id: unitId(unit) },
        document: { status },
        warnings: [],
        // Like a scan's answer, no details: the client drops the deleted unit from those it has.
        data: viewLines(lines, []),
      };
      await insertScan(trx, {
        id: req.scanId,
        doc,
        unit,
        kind: 'reverse',
        code: req.code,
        packs,
        actor,
        device: undefined,
        at,
        requestHash,
        response,
      });
      await docs.touchDocument(trx, doc.id, at, status !== doc.status ? status : undefined);
      if (status !== doc.status) await writeAudit(trx, [statusAudit(doc, actor, status, 'last scan deleted')], at);
      return response;
    });
  }

  /** Re-spreads every pack still counted on the document over its lines (after a delete). */
  private async recount(trx: Db, doc: DocumentRow): Promise<docs.LineWithMaterial[]> {
    const lines = await docs.lines(trx, doc.id);
    const groups = await docs.scannedGroups(trx, doc.id);
    const result = allocate(
      lines.map((l) => ({ lineNo: l.line_no, materialNo: l.material_no, batchNo: l.batch_no, quantity: l.quantity })),
      groups,
    );
    if (!result.ok)
      throw new AppError(422, result.code === 'QUANTITY_EXCEEDED' ? 'QUANTITY_EXCEEDED' : 'NOT_ON_DOCUMENT', {
        // Every pack on the document spread again: the lines' figures from nothing, the group as it is.
        ...quantityExceeded(
          lines.map((l) => ({ materialNo: l.material_no, batchNo: l.batch_no, quantity: l.quantity, scanned: 0 })),
          groups.find((g) => g.materialNo === result.materialNo && g.batchNo === result.batchNo) ?? { ...result, count: 0 },
        ),
        materialNo: result.materialNo,
        batchNo: result.batchNo ?? '-',
        type: doc.type,
        number: doc.number,
      });
    const changed = new Map([...result.scanned].filter(([lineNo, n]) => lines.find((l) => l.line_no === lineNo)!.scanned_quantity !== n));
    await docs.setLineCounts(trx, doc.id, changed, 'scanned_quantity');
    return lines.map((l) => ({ ...l, scanned_quantity: result.scanned.get(l.line_no) ?? 0 }));
  }

  /**
   * Runs `work` once per scanId: a repeat returns the stored answer; a different request with the
   * same id is refused. The stored answer is looked for only when the work fails: a repeat always
   * does (its unit has moved on, or the scan row's key is taken), so first submissions pay no read.
   */
  /** As `once`, for a scan: its group's scans share the memo and leave their writes to the group's end (decision 0033). */
  private onceShared<T>(scanId: string, requestHash: string, hint: group.ScanHint, work: (trx: Db) => Promise<T>): Promise<T> {
    return this.once(scanId, requestHash, work, { shared: true, hint });
  }

  private async once<T>(scanId: string, requestHash: string, work: (trx: Db) => Promise<T>, options?: UnitOptions): Promise<T> {
    try {
      return await this.transact(work, options);
    } catch (error) {
      let stored: T | undefined;
      try {
        stored = await this.storedAnswer<T>(this.db, scanId, requestHash);
      } catch (lookup) {
        if (lookup instanceof AppError) throw lookup;
      }
      if (stored) return stored;
      throw error;
    }
  }

  private async storedAnswer<T>(db: Db, scanId: string, requestHash: string): Promise<T | undefined> {
    return replayed<T>(await scans.storedAnswer(db, scanId), requestHash);
  }

  /**
   * Decodes with the decoder's defaults; where the reader settings of the document's warehouse can
   * change the answer (Non-GS1 mode: prefix, strip00; a bare SSCC in GS1 mode), decodes again with
   * the settings stored for that warehouse and the reader the scan names (decision 0042).
   */
  private scanKeys(req: ScanRequest, today: string): Promise<readonly ScanKey[]> {
    return scanKeysOf(this.db, req, today);
  }

  private decode(code: string, unit: UnitType, idType: 'GS1' | 'NON_GS1', today: string): ScanKey {
    return keyOf(decodeScan(code, { unit, idType, today }), unit);
  }

  /** For deleting: the unit type is optional; an SSCC names a pallet or carton, GTIN + serial a pack. */
  private decodeAny(code: string, unit: UnitType | undefined, today: string): ScanKey {
    if (unit) return this.decode(code, unit, 'GS1', today);
    try {
      return this.decode(code, 'PLT', 'GS1', today);
    } catch {
      return this.decode(code, 'EA', 'GS1', today);
    }
  }
}

type ScanKey = UnitKey;

/**
 * The keys a scan names, decoded again on the server: with the decoder's defaults, or where the reader
 * settings of the document's warehouse can change the answer, with those (decision 0042). Every family's
 * scan reads its code through this, a stock take's too (decision 0079).
 */
export async function scanKeysOf(db: Db, req: ScanRequest, today: string): Promise<readonly ScanKey[]> {
  const defaults = { unit: req.unit, idType: req.idType, today };
  const first = readKeys(req.code, defaults);
  if (req.idType === 'GS1' && (first.ok || first.code !== 'SSCC_WITHOUT_AI')) return keysOf(first);
  const settings = await readerOptions(db, req.docType, req.docNo, req.device);
  return keysOf(readKeys(req.code, { ...defaults, ...settings }));
}

/** The unit a decoded scan names: an SSCC in carton or pallet mode, GTIN + serial for a pack (the domain's `unitKeyOf`). */
function keyOf(decoded: DecodeResult, unit: UnitType): ScanKey {
  if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
  const key = unitKeyOf(decoded, unit);
  if (!key) throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
  return key;
}

type KeysRead = { ok: true; keys: readonly ScanKey[] } | { ok: false; code: MessageCode; params: Record<string, string | number> };

/** The keys a scan may name: the picked unit's, else one per level the code names (decision 0065); a refusal as a value. */
function readKeys(code: string, options: ScanOptions): KeysRead {
  if (!options.unit) return readScanLevel(code, options);
  const decoded = decodeScan(code, options);
  if (!decoded.ok) return decoded;
  const key = unitKeyOf(decoded, options.unit);
  return key ? { ok: true, keys: [key] } : { ok: false, code: 'ITEM_ID_NOT_SUPPORTED', params: {} };
}

function keysOf(read: KeysRead): readonly ScanKey[] {
  if (!read.ok) throw new AppError(400, read.code, read.params);
  return read.keys;
}

/**
 * The unit a scan names: by its one key, or where the code names two levels (an SSCC and a pack),
 * the one on record; both on record is for the operator to pick (422 UNIT_LEVEL_AMBIGUOUS).
 */
export async function findOfLevel<U>(keys: readonly ScanKey[], find: (key: ScanKey) => Promise<U | undefined>): Promise<U | undefined> {
  const [first, second] = keys;
  const found = await find(first!);
  if (!second) return found;
  const other = await find(second);
  if (found && other && 'sscc' in first! && 'serial' in second) {
    throw new AppError(422, 'UNIT_LEVEL_AMBIGUOUS', { sscc: first.sscc, pack: `${second.gtin}/${second.serial}` });
  }
  return found ?? other;
}

/** The family that runs documents of `type`; a type no workflow runs yet is refused. */
export function familyFor(registry: Registry, type: string): Family {
  const family = registry.familyOf(type);
  if (!family) throw new AppError(422, 'DOC_TYPE_NOT_SUPPORTED', { type });
  // A family that changes aggregation, not unit states, has its own scan and completion paths (decision 0048).
  if (family.aggregates)
    throw new AppError(422, 'FAMILY_OWN_PATHS', {
      type,
      scanPath: family.aggregates.scanPath,
      completePath: family.aggregates.completePath,
    });
  // A stock take's scans are handed to its own service (scans.routes); its other paths are its own (decision 0079).
  if (family.stockTake) throw new AppError(422, 'STOCK_TAKE_OWN_PATHS', stockTakePaths(family.stockTake.path));
  return family;
}

/** The paths of a stock take, as STOCK_TAKE_OWN_PATHS names them. */
export function stockTakePaths(path: string): Record<string, string> {
  return { completePath: `${path}/{no}/complete`, approvePath: `${path}/{no}/approve`, recountPath: `${path}/{no}/recount` };
}

/** The document, locked for this transaction (refused when unknown); a Completed one is refused by the rule. */
async function lockDocument(trx: Db, family: Family, number: string, area?: Application): Promise<DocumentRow> {
  const doc = await docs.lockDocument(trx, family.type, number, area);
  if (!doc) throw new AppError(404, 'DOCUMENT_NOT_FOUND', { type: family.type, number });
  return doc;
}

/** The document, locked for this transaction; refused when unknown or Completed. */
export async function openDocument(trx: Db, family: Family, number: string, area?: Application): Promise<DocumentRow> {
  const doc = await lockDocument(trx, family, number, area);
  if (doc.status === 'Completed') throw new AppError(409, 'DOCUMENT_COMPLETED', { type: family.type, number });
  return doc;
}

/** The unit named by the scan, of the scanned type (a bundle is scanned as a pack). */
export function checkUnit<U extends UnitRow>(unit: U | undefined, key: ScanKey, expected: UnitType | undefined): U {
  if (!unit) {
    if ('sscc' in key) throw new AppError(422, 'SSCC_NOT_RECOGNIZED', { sscc: key.sscc });
    throw new AppError(422, 'SERIAL_NOT_RECOGNIZED');
  }
  const sameKind = unit.type === expected || (expected === 'EA' && unit.type === 'BUN') || (expected === 'BUN' && unit.type === 'BUN');
  if (expected && !sameKind) {
    throw new AppError(422, 'UNIT_TYPE_MISMATCH', {
      actual: UNIT_LABELS[unit.type].toLowerCase(),
      expected: UNIT_LABELS[expected].toLowerCase(),
    });
  }
  return unit;
}

/** For first-expiry-first-out: per material scanned, the oldest batch in stock expiring before the scanned packs. */
async function olderBatchesPerMaterial(trx: Db, family: Family, doc: DocumentRow, tree: UnitRow[], today: string): Promise<StockBatch[]> {
  const earliest = new Map<string, string>();
  for (const p of tree) {
    if (p.type !== 'EA' || !p.material_no || !p.expiry) continue;
    const seen = earliest.get(p.material_no);
    if (!seen || p.expiry < seen) earliest.set(p.material_no, p.expiry);
  }
  const found: StockBatch[] = [];
  for (const [materialNo, before] of earliest) {
    found.push(
      ...(await group.oldestBatchBeforeInGroup(trx, {
        warehouseNo: doc.warehouse_no,
        materialNo,
        from: today,
        before,
        states: family.scannable,
      })),
    );
  }
  return found;
}

/** The scanned unit as the answer's details: its label on each material and batch its packs counted on. */
function scannedRoots(unit: UnitRow, groups: { materialNo: string; batchNo: string | null }[]): ScannedRoot[] {
  const label = unitId(unit);
  return groups.map((g) => ({ materialNo: g.materialNo, batchNo: g.batchNo, label }));
}

function hashRequest(parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

/** The first scan of an Open document moves it to In Progress: its audit entry. */
function inProgressAudit(doc: DocumentRow, actor: Actor): AuditEntry {
  return statusAudit(doc, actor, 'In Progress');
}

/** A change of the document's status by a scan or a delete: its audit entry. */
function statusAudit(doc: DocumentRow, actor: Actor, status: DocumentStatus, reason?: string): AuditEntry {
  return {
    actorId: actor.userId,
    entity: 'document',
    entityId: doc.id,
    action: 'status',
    before: { status: doc.status },
    after: { status },
    ...(reason ? { reason } : {}),
  };
}

/** The group's memo, or none: `read` answers outside a group. */
async function memoised<T>(memo: Map<string, unknown> | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!memo) return read();
  if (memo.has(key)) return memo.get(key) as T;
  const value = await read();
  memo.set(key, value);
  return value;
}

/** After a scan's writes: the group's next scans see the document touched, In Progress, and the lines counted. */
function rememberScan(
  memo: Map<string, unknown> | undefined,
  doc: DocumentRow,
  status: DocumentStatus,
  counted: docs.LineWithMaterial[],
  at: string,
): void {
  if (!memo) return;
  for (const [key, value] of memo) if (value === doc) memo.set(key, { ...doc, status, updated_at: at });
  memo.set(group.linesKey(doc.id), counted);
}

/** The scan's row, with the answer a repeat of its scanId gets. */
function insertScan(trx: Db, s: ScanFacts): Promise<void> {
  return scans.insertScan(trx, scanRow(s));
}

interface ScanFacts {
  id: string;
  doc: DocumentRow;
  unit: UnitRow;
  kind: ScanKind;
  code: string;
  packs: number;
  actor: Actor;
  device: string | undefined;
  at: string;
  requestHash: string;
  response: ScanResponse;
}

function scanRow(s: ScanFacts): scans.NewScan {
  return {
    id: s.id,
    documentId: s.doc.id,
    unitId: s.unit.id,
    kind: s.kind,
    code: s.code,
    packs: s.packs,
    userId: s.actor.userId,
    device: s.device ?? null,
    at: s.at,
    requestHash: s.requestHash,
    responseJson: JSON.stringify(s.response),
  };
}
