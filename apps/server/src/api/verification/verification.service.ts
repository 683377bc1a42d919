import { decodeScan, message, unitKeyOf, type Application } from '@pharma/domain';
import {
  VERIFICATION_LIST_LIMIT,
  type VerificationKind,
  type VerificationOperation,
  type VerificationPurpose,
  type VerificationRequestItem,
  type VerificationRequestsQuery,
  type VerificationSystem,
  type VerifyPackResponse,
} from '@pharma/domain/contract/verification';
import type { Db } from '../../db/database.ts';
import type { VerificationRequestRow } from './verification.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isoToday } from '../../lib/today.ts';
import * as units from '../inventory/units.repository.ts';
import type { PackAnswer, Product, Timing } from './national-system.ts';
import { DEFAULT_OUTBOX, isQuestionOfScan, leaseMs, VerificationOutbox, type OutboxOptions, type SystemFactory } from './outbox.ts';
import { VerificationSettings } from './settings.ts';
import * as repo from './verification.repository.ts';

export interface Caller {
  userId: string;
  area: Application;
}

/** A request a workflow asks for: one pack or many of one product and batch, for a unit or a document. */
export interface NewRequest {
  warehouseNo: string;
  system: VerificationSystem;
  operation: VerificationOperation;
  kind: VerificationKind;
  purpose: VerificationPurpose;
  product: Product;
  serials: string[];
  unitId: string | null;
  documentId: string | null;
  /** An undo: the request whose decommission it undoes. */
  refRequestId: string | null;
  requestedBy: string;
}

export interface VerificationOptions {
  /** A scan's own call: its timeout (2 s) and bulk wait; not answered by then, the request is left to the sender. */
  syncTiming: Timing;
  outbox: OutboxOptions;
  /** How the systems are reached (tests may wrap it); the real clients by default. */
  systems?: SystemFactory;
}

export const DEFAULT_SYNC_TIMING: Timing = { timeoutMs: 2000, bulkWaitMs: 2000 };

/**
 * Pack verification against the national systems (issue 28, decision 0081): a pack verified on demand,
 * the requests listed, and what the workflows use to ask (`enqueue` in their transaction, then
 * `outbox.wake()`; or `submit` to send at once). Every request is written before it is sent.
 */
export class VerificationService {
  readonly settings: VerificationSettings;
  readonly outbox: VerificationOutbox;

  constructor(
    private readonly db: Db,
    auditKey: Uint8Array,
    onError: (error: unknown) => void,
    private readonly options: VerificationOptions = { syncTiming: DEFAULT_SYNC_TIMING, outbox: DEFAULT_OUTBOX },
  ) {
    this.settings = new VerificationSettings(auditKey);
    this.outbox = new VerificationOutbox(db, this.settings, options.outbox, onError, options.systems);
  }

  /**
   * POST /api/verifyPack: the pack's code decoded again, the pack found in the area, its warehouse's
   * system asked at once (a scan's short timeout). Not answered by then: PENDING, and the sender asks again.
   */
  async verifyPack(caller: Caller, code: string, today = isoToday()): Promise<VerifyPackResponse> {
    const decoded = decodeScan(code, { unit: 'EA', idType: 'GS1', today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    const key = unitKeyOf(decoded, 'EA');
    if (!key || !('gtin' in key)) throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
    const unit = await units.findUnitInArea(this.db, key, caller.area);
    if (!unit || unit.type !== 'EA') throw new AppError(404, 'SERIAL_NOT_RECOGNIZED');
    if (unit.warehouse_no === null) throw new AppError(409, 'VERIFICATION_NO_WAREHOUSE');
    const settings = await repo.findSettings(this.db, unit.warehouse_no);
    if (!settings) throw new AppError(409, 'VERIFICATION_NOT_SET', { warehouseNo: unit.warehouse_no });
    // What the pack carries is what the system is asked about; what the code leaves out, the record gives.
    const batch = decoded.batch ?? unit.batch_no;
    const expiry = decoded.ai['17'] ?? (unit.expiry === null ? null : yymmdd(unit.expiry));
    if (batch === null || expiry === null) {
      throw new AppError(422, 'VERIFICATION_PACK_INCOMPLETE', { gtin: key.gtin, serial: key.serial, system: settings.system });
    }
    const row = await this.submit({
      warehouseNo: unit.warehouse_no,
      system: settings.system,
      operation: 'verify',
      kind: 'single',
      purpose: 'on-demand',
      product: { gtin: key.gtin, batch, expiry },
      serials: [key.serial],
      unitId: unit.id,
      documentId: null,
      refRequestId: null,
      requestedBy: caller.userId,
    });
    return packResponse(row);
  }

  /** GET /api/verificationRequests: the area's requests, newest first, at most VERIFICATION_LIST_LIMIT. */
  async list(query: VerificationRequestsQuery): Promise<{ data: VerificationRequestItem[] }> {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      throw new AppError(400, 'DATE_RANGE_REVERSED', { from: query.from, to: query.to });
    }
    const rows = await repo.listRequests(this.db, {
      area: query.area,
      ...(query.outcome === undefined ? {} : { outcome: query.outcome }),
      ...(query.from === undefined ? {} : { since: `${query.from}T00:00:00.000Z` }),
      ...(query.to === undefined ? {} : { before: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000).toISOString() }),
      limit: VERIFICATION_LIST_LIMIT,
    });
    return {
      data: rows.map((row) => ({
        id: row.id,
        requestedAt: row.requested_at,
        requestedBy: { id: row.requested_by, name: [row.first_name, row.last_name].filter(Boolean).join(' ') },
        warehouseNo: row.warehouse_no,
        system: row.system,
        operation: row.operation,
        kind: row.kind,
        purpose: row.purpose,
        gtin: row.gtin,
        batch: row.batch,
        expiry: row.expiry,
        serial: row.pack_count === 1 ? ((JSON.parse(row.serials_json) as string[])[0] ?? null) : null,
        packs: row.pack_count,
        unitId: row.unit_id,
        documentId: row.document_id,
        state: row.state,
        outcome: row.outcome ?? 'pending',
        returnCode: row.return_code,
        message: row.message,
        alertId: row.alert_id,
        attempts: row.attempts,
        answeredAt: row.answered_at,
      })),
    };
  }

  /** Writes a request in the caller's transaction, due at once: after the commit, `outbox.wake()` has it sent. */
  async enqueue(trx: Db, request: NewRequest): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await repo.insertRequest(trx, { ...rowOf(id, request, now), state: 'queued', attempts: 0, next_attempt_at: now });
    return id;
  }

  /**
   * Writes a request (committed) and sends it at once with the scan's short timeout; answers the request
   * as it then stands: answered, failed, or queued for the sender (its lease taken first, so the sender
   * leaves it alone while this call sends it, and takes it if this process stops meanwhile).
   */
  async submit(request: NewRequest): Promise<VerificationRequestRow> {
    const id = newId();
    const now = Date.now();
    const { syncTiming } = this.options;
    const row: VerificationRequestRow = {
      ...rowOf(id, request, new Date(now).toISOString()),
      state: 'sending',
      attempts: 1,
      next_attempt_at: new Date(now).toISOString(),
      lease_owner: this.outbox.owner,
      lease_until: new Date(now + leaseMs(syncTiming)).toISOString(),
      nmvs_trx_id: null,
      outcome: null,
      return_code: null,
      message: null,
      alert_id: null,
      answer_json: null,
      answered_at: null,
    };
    await this.write(row);
    return (await this.outbox.deliver(row, syncTiming)) ?? (await repo.findRequest(this.db, id))!;
  }

  /**
   * A request sent at once, written first. A return scan's verify changes nothing at the system, so its
   * row need not be on disk before it is sent: lost in a crash, it was a question, and the scan that
   * asked it was not answered either. Its answer's commit, or the scan's, takes it to the disk.
   */
  private async write(row: VerificationRequestRow): Promise<void> {
    if (!isQuestionOfScan(row)) return repo.insertRequest(this.db, row);
    await this.db.transaction().execute(async (trx) => {
      await repo.commitWithoutWaitingForDisk(trx);
      await repo.insertRequest(trx, row);
    });
  }
}

function rowOf(id: string, request: NewRequest, now: string) {
  return {
    id,
    warehouse_no: request.warehouseNo,
    system: request.system,
    operation: request.operation,
    kind: request.kind,
    purpose: request.purpose,
    gtin: request.product.gtin,
    batch: request.product.batch,
    expiry: request.product.expiry,
    serials_json: JSON.stringify(request.serials),
    pack_count: request.serials.length,
    unit_id: request.unitId,
    document_id: request.documentId,
    ref_request_id: request.refRequestId,
    requested_by: request.requestedBy,
    requested_at: now,
  };
}

/** 'YYYY-MM-DD' as AI 17 writes it: YYMMDD. */
export function yymmdd(iso: string): string {
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;
}

/** The answer of POST /api/verifyPack from the request as it stands. */
export function packResponse(row: VerificationRequestRow): VerifyPackResponse {
  const pack = row.answer_json === null ? undefined : (JSON.parse(row.answer_json) as { packs: PackAnswer[] }).packs[0];
  const waiting = row.state === 'queued' || row.state === 'sending';
  const failed = row.state === 'failed';
  return {
    requestId: row.id,
    system: row.system,
    verified: waiting || failed ? null : row.outcome === 'verified',
    state: waiting ? 'PENDING' : failed ? 'FAILED' : (pack?.state ?? 'UNKNOWN'),
    outcome: row.outcome ?? 'pending',
    returnCode: row.return_code,
    reasons: pack?.reasons ?? [],
    message: row.message ?? message('VERIFICATION_PENDING', { system: row.system, detail: message('VERIFICATION_DETAIL_NOT_SENT') }),
    ...(row.alert_id === null ? {} : { alertId: row.alert_id }),
    pack: { gtin: row.gtin, serial: (JSON.parse(row.serials_json) as string[])[0] ?? '', batch: row.batch, expiry: row.expiry },
  };
}
