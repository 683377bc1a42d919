import {
  decodeScan,
  isScannable,
  message,
  PENDING_VERIFICATION,
  unitId,
  VERIFICATION_FAILED,
  type AuditAction,
  type Family,
  type Registry,
  type UnitKey,
} from '@pharma/domain';
import type { ScanRequest } from '@pharma/domain/contract/inventory';
import type { VerificationPurpose, VerificationSystem } from '@pharma/domain/contract/verification';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import type { VerificationRequestRow } from './verification.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as docs from '../inventory/documents.repository.ts';
import * as units from '../inventory/units.repository.ts';
import { checkUnit, findOfLevel, type Actor, type HeldScan, type ScanVerifier } from '../scans/scans.service.ts';
import type { PackAnswer, Product } from './national-system.ts';
import * as repo from './scan-verification.repository.ts';
import { yymmdd, type NewRequest, type VerificationService } from './verification.service.ts';

/**
 * Packs verified as they are scanned (issue 28, decision 0081), for a family whose entry asks it
 * (`verification: { onScan: 'verify' }`: returns) on a document whose warehouse has a national system.
 * Before the scan's transaction, never inside it (a network call must not hold the write lock): a pack
 * scan is one request, a pallet or carton one request per product and batch, written and sent at once
 * with the short timeout (`VerificationService.submit`).
 *
 * - Verified (every pack active): the scan goes on as any other.
 * - Not verified: the scan is refused with the system's answer; the packs it did not verify are set
 *   QUARANTINE / VERIFICATION FAILED (by the answer's handler below, in the transaction that writes the
 *   answer), audited; the request keeps the code and the alert.
 * - No answer in time: the scan is accepted, but its unanswered packs take QUARANTINE / PENDING
 *   VERIFICATION instead of the family's scanned state, and the requests stay queued. When the answer
 *   comes (`outbox.onSettled`), a verified pack takes the state the scan would have given it, one not
 *   verified QUARANTINE / VERIFICATION FAILED, audited either way.
 *
 * The answer may be written while the scan's transaction is still open, so its handler does not see the
 * held packs: after the scan commits, each of its requests is read again under its row lock and an
 * answer already written is applied then (`afterScan`). Both paths change a pack only from the state
 * they expect, so the second finds nothing left to do.
 *
 * A repeated scanId sends nothing again: an accepted scan's units are no longer in a state the family
 * scans (the engine answers its stored answer), and a refused one's packs are in quarantine, for which
 * the refusal is answered again from the requests it made.
 */

/** Why the requests of a scan are sent (the outbox's purpose): the contract's name for a scan's verification. */
const PURPOSE: VerificationPurpose = 'return-scan';
/** How many packs a refusal names before '… and N more'. */
const NAMED_PACKS = 3;

/** Packs a scan takes while their verification has no answer: held in quarantine instead of the family's scanned state. */
export interface HeldPacks extends HeldScan {
  /** The packs' ids. */
  ids: string[];
  /** The requests still waiting for an answer. */
  requestIds: string[];
}

/** The audit of the scan that holds the packs: its actor, time and action. */
export interface ScanAudit {
  actorId: string;
  at: string;
  action: AuditAction;
}

export class ScanVerification implements ScanVerifier<HeldPacks> {
  constructor(
    private readonly db: Db,
    private readonly verification: VerificationService,
    /** The families whose documents it verifies the scans of (decision 0085). */
    private readonly registry: Registry,
  ) {
    verification.outbox.onSettled((trx, row) => this.settled(trx, row));
  }

  /**
   * Before the scan's transaction: verifies the packs the scan would take, where the document's warehouse
   * has a national system. Answers nothing when the scan goes on as any other (no system, every pack
   * verified, or a scan the engine refuses anyway), the packs to hold when the system has not answered,
   * or throws the refusal.
   */
  async beforeScan(
    actor: Actor,
    family: Family,
    req: ScanRequest,
    keys: readonly UnitKey[],
    today: string,
  ): Promise<HeldPacks | undefined> {
    const context = await repo.scanContext(this.db, family.type, req.docNo, actor.area);
    if (!context || context.status === 'Completed') return undefined;
    const unit = await this.scannedUnit(keys, req);
    if (!unit) return undefined;
    const tree: UnitRow[] = unit.type === 'EA' ? [unit] : await units.subtree(this.db, unit.id);
    if (!tree.every((u) => isScannable(family, u))) {
      // The engine refuses it, naming the state; a scan whose packs this document's scan quarantined is told why again.
      if (tree.some((u) => u.reason === VERIFICATION_FAILED.reason)) {
        const refused = await repo.refusedRequests(this.db, PURPOSE, unit.id, context.id);
        if (refused.length > 0) throw refusal(refused);
      }
      return undefined;
    }
    const packs = tree.filter((u) => u.type === 'EA');
    if (packs.length === 0) return undefined;
    const requests = requestsFor(unit, packs, {
      req,
      today,
      actor,
      documentId: context.id,
      warehouseNo: context.warehouse_no,
      system: context.system,
    });
    // The requests of a pallet of several batches go out side by side.
    const rows = await Promise.all(requests.map((request) => this.verification.submit(request)));

    const refused = rows.filter((row) => row.state === 'answered' && row.outcome !== 'verified');
    if (refused.length > 0) throw refusal(refused);
    const failed = rows.find((row) => row.state === 'failed');
    if (failed) throw new AppError(422, 'VERIFICATION_SCAN_FAILED', { answer: failed.message ?? '', warehouseNo: context.warehouse_no });
    const waiting = rows.filter((row) => row.state === 'queued' || row.state === 'sending');
    if (waiting.length === 0) return undefined;
    const held = new Set(waiting.flatMap((row) => serialsOf(row).map((serial) => `${row.gtin}/${serial}`)));
    const ids = packs.filter((p) => held.has(unitId(p))).map((p) => p.id);
    const first = waiting[0]!;
    const answer =
      first.message ?? message('VERIFICATION_PENDING', { system: first.system, detail: message('VERIFICATION_DETAIL_NOT_SENT') });
    return {
      ids,
      requestIds: waiting.map((row) => row.id),
      state: PENDING_VERIFICATION,
      warning: message('VERIFICATION_SCAN_PENDING', { answer, count: ids.length }),
    };
  }

  /**
   * In the scan's transaction, after a pallet or carton took the family's scanned state: its packs still
   * waiting for their answer are held instead (a pack scanned alone takes the held state directly).
   */
  async hold(trx: Db, held: HeldPacks, scan: ScanAudit): Promise<void> {
    if (held.ids.length === 0) return;
    await units.setStateOf(trx, repo.unitsWithIds(held.ids), held.state, {
      actorId: scan.actorId,
      at: scan.at,
      action: scan.action,
      opId: newId(),
      why: held.warning,
    });
  }

  /** After the scan's transaction committed: an answer written meanwhile, which could not see the held packs, is applied now. */
  async afterScan(held: HeldPacks): Promise<void> {
    await this.applyAgain(held.requestIds);
  }

  /**
   * At start, before the sender: answers a stopped process wrote but never applied (written while their
   * scan's transaction was open, the process gone before `afterScan`) are applied now. Answers how many
   * requests it read again.
   */
  async recover(): Promise<number> {
    const rows = await repo.settledWithHeldPacks(this.db, PURPOSE, PENDING_VERIFICATION);
    await this.applyAgain(rows.map((row) => row.id));
    return rows.length;
  }

  /** Each request read again under its row lock, its answer applied if it has one. */
  private async applyAgain(requestIds: readonly string[]): Promise<void> {
    for (const id of requestIds) {
      await this.db.transaction().execute(async (trx) => {
        const row = await repo.lockRequest(trx, id);
        if (row) await this.apply(trx, row);
      });
    }
  }

  /** The outbox's handler, in the transaction that writes a request's final answer. */
  private async settled(trx: Db, row: VerificationRequestRow): Promise<void> {
    if (row.purpose !== PURPOSE || row.operation !== 'verify') return;
    await this.apply(trx, row);
  }

  /**
   * What an answer does to the request's packs. Verified: a held pack takes the state its scan would have
   * given it. Not verified: a held pack, one still in a state the family scans (the scan that asked is
   * refused), or one its completed document left in the completed state, is set QUARANTINE / VERIFICATION
   * FAILED in the document's warehouse. A request that failed (it could not be sent as it is) verified
   * nothing: its held packs stay in quarantine, VERIFICATION FAILED, and others are left as they are.
   */
  private async apply(trx: Db, row: VerificationRequestRow): Promise<void> {
    if ((row.state !== 'answered' && row.state !== 'failed') || row.document_id === null) return;
    const verified = verifiedSerials(row);
    const packs = await repo.packsOf(trx, row.gtin, serialsOf(row), row.document_id);
    const isHeld = (p: repo.RequestPack) => p.status === PENDING_VERIFICATION.status && p.reason === PENDING_VERIFICATION.reason;
    const release = packs.filter((p) => isHeld(p) && verified.has(p.serial!));
    const notVerified = packs.filter((p) => !verified.has(p.serial!));
    if (release.length === 0 && notVerified.length === 0) return;
    const doc = await docs.documentById(trx, row.document_id);
    const family = doc && this.registry.familyOf(doc.type);
    if (!doc || !family) return;
    const completed = doc.status === 'Completed';
    const quarantine = notVerified.filter(
      (p) =>
        isHeld(p) ||
        (row.state === 'answered' && isScannable(family, p)) ||
        (completed && p.on_document === 1 && p.status === family.completed.status && p.reason === family.completed.reason),
    );
    const audit = { actorId: row.requested_by, at: new Date().toISOString(), action: 'status' as const, why: answerText(row) };
    if (release.length > 0) {
      const { intoWarehouse, ...done } = family.completed;
      const state = completed ? { ...done, ...(intoWarehouse ? { warehouseNo: doc.warehouse_no } : {}) } : family.scanned;
      await units.setStateOf(trx, repo.unitsWithIds(release.map((p) => p.id)), state, { opId: newId(), ...audit });
    }
    if (quarantine.length > 0) {
      await units.setStateOf(
        trx,
        repo.unitsWithIds(quarantine.map((p) => p.id)),
        { ...VERIFICATION_FAILED, warehouseNo: doc.warehouse_no },
        { opId: newId(), ...audit },
      );
    }
  }

  /** The unit the scan names, as the engine finds it; none when the engine refuses it (unknown, another type, two levels). */
  private async scannedUnit(keys: readonly UnitKey[], req: ScanRequest): Promise<UnitRow | undefined> {
    try {
      return checkUnit(await findOfLevel(keys, (key) => units.findUnitForScan(this.db, key)), keys[0]!, req.unit);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }
}

interface RequestContext {
  req: ScanRequest;
  today: string;
  actor: Actor;
  documentId: string;
  warehouseNo: string;
  system: VerificationSystem;
}

/**
 * One request a scan: a pack alone, its product as its code reads (what the system checks is what is
 * printed on the pack), else as on record; a pallet's or carton's packs as on record, one bulk request
 * per product, batch and expiry (the NMVS takes one product and batch a bulk request), in that order.
 */
function requestsFor(unit: UnitRow, packs: readonly UnitRow[], c: RequestContext): NewRequest[] {
  const groups = new Map<string, { product: Product; serials: string[] }>();
  for (const pack of packs) {
    const product = unit.type === 'EA' ? productOfCode(pack, c) : productOnRecord(pack);
    if (!product || pack.serial === null) {
      throw new AppError(422, 'VERIFICATION_PACK_INCOMPLETE', { gtin: pack.gtin ?? '', serial: pack.serial ?? '', system: c.system });
    }
    const key = [product.gtin, product.batch, product.expiry].join('\u0000');
    const group = groups.get(key);
    if (group) group.serials.push(pack.serial);
    else groups.set(key, { product, serials: [pack.serial] });
  }
  return [...groups.values()].sort(byProduct).map((g) => ({
    warehouseNo: c.warehouseNo,
    system: c.system,
    operation: 'verify',
    kind: unit.type === 'EA' ? 'single' : 'bulk',
    purpose: PURPOSE,
    product: g.product,
    serials: g.serials,
    unitId: unit.id,
    documentId: c.documentId,
    refRequestId: null,
    requestedBy: c.actor.userId,
  }));
}

function productOfCode(pack: UnitRow, c: RequestContext): Product | undefined {
  const decoded = decodeScan(c.req.code, { unit: 'EA', idType: c.req.idType, today: c.today });
  const batch = (decoded.ok ? decoded.batch : null) ?? pack.batch_no;
  const expiry = (decoded.ok ? decoded.ai['17'] : undefined) ?? (pack.expiry === null ? null : yymmdd(pack.expiry));
  return pack.gtin === null || batch === null || expiry === null ? undefined : { gtin: pack.gtin, batch, expiry };
}

function productOnRecord(pack: UnitRow): Product | undefined {
  if (pack.gtin === null || pack.batch_no === null || pack.expiry === null) return undefined;
  return { gtin: pack.gtin, batch: pack.batch_no, expiry: yymmdd(pack.expiry) };
}

function byProduct(a: { product: Product }, b: { product: Product }): number {
  const x = a.product;
  const y = b.product;
  return x.gtin.localeCompare(y.gtin) || x.batch.localeCompare(y.batch) || x.expiry.localeCompare(y.expiry);
}

function serialsOf(row: VerificationRequestRow): string[] {
  return JSON.parse(row.serials_json) as string[];
}

/** The serials the answer verified: none for a request that failed. */
function verifiedSerials(row: VerificationRequestRow): Set<string> {
  if (row.state !== 'answered' || row.answer_json === null) return new Set();
  const { packs } = JSON.parse(row.answer_json) as { packs: PackAnswer[] };
  return new Set(packs.filter((pack) => pack.ok).map((pack) => pack.serial));
}

/** The system's answer as the request records it, with its alert where the text does not name it (a bulk answer's). */
function answerText(row: VerificationRequestRow): string {
  const text = row.message ?? '';
  if (row.alert_id === null || text.includes(row.alert_id)) return text;
  return `${text} ${message('VERIFICATION_SCAN_ALERT', { alertId: row.alert_id })}`;
}

/**
 * The refusal of a scan whose packs the system did not all verify: the first refused request's answer (by
 * product, as the requests were made) and every pack not verified. The same requests give the same text,
 * so a repeated scan is answered as the first was.
 */
function refusal(rows: readonly VerificationRequestRow[]): AppError {
  const sorted = [...rows].sort((a, b) => byProduct({ product: a }, { product: b }));
  const labels = sorted.flatMap((row) => {
    const verified = verifiedSerials(row);
    return serialsOf(row)
      .filter((serial) => !verified.has(serial))
      .map((serial) => `${row.gtin}/${serial}`);
  });
  const named = labels.slice(0, NAMED_PACKS).join(', ');
  const packs = labels.length > NAMED_PACKS ? message('LIST_AND_MORE', { items: named, count: labels.length - NAMED_PACKS }) : named;
  return new AppError(422, 'VERIFICATION_SCAN_REFUSED', { answer: answerText(sorted[0]!), packs });
}
