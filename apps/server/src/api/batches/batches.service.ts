import { BATCH_STATUS_WORDS, batchChangeRefusal, decodeScan, message, type BatchStatus } from '@pharma/domain';
import {
  WHEREABOUTS_CSV_HEADER,
  type BatchLookupResponse,
  type SetBatchStatusRequest,
  type SetBatchStatusResponse,
  type WhereaboutsResponse,
} from '@pharma/domain/contract/batches';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { isoToday } from '../../lib/today.ts';
import { recordBatchStatusEvent } from '../integration/batch-status-events.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import * as repo from './batches.repository.ts';
import { csvDocument } from './csv.ts';
import { whereabouts, whereaboutsRows } from './whereabouts.ts';

/** A batch as the path names it. */
export interface BatchRef {
  materialNo: string;
  batchNo: string;
}

/** The shortest reason a change of a batch's status takes, once trimmed. */
const MIN_REASON = 5;
/** Times a change is tried again when another change of the same batch committed between its read and its write. */
const ATTEMPTS = 3;

/**
 * A batch's status, its lookup from a scanned pack and its whereabouts (issue 30, decision 0070). A
 * recall is company-wide: every call sees every warehouse, in whichever area it is made.
 */
export class BatchesService {
  constructor(private readonly db: Db) {}

  /**
   * PUT /api/batches/{m}/{b}/status: one transaction, one audit row, the EPCIS event of the change
   * (decision 0073). The units are not written: every scan reads the batch's status with its units
   * (decision 0071), so the change covers every unit of the batch at once, whatever their number.
   */
  async setStatus(actorId: string, batch: BatchRef, req: SetBatchStatusRequest): Promise<SetBatchStatusResponse> {
    const { materialNo, batchNo } = batch;
    const reason = req.reason.trim();
    if (reason.length < MIN_REASON) throw new AppError(422, 'BATCH_REASON_REQUIRED', { batchNo });
    return this.db.transaction().execute(async (trx) => {
      await repo.withoutJit(trx);
      const at = new Date().toISOString();
      const previous = await this.change(trx, actorId, batch, req.status, reason, at);
      await writeAudit(
        trx,
        [
          {
            actorId,
            entity: 'batch',
            entityId: `${materialNo}/${batchNo}`,
            action: 'batch status',
            before: { status: previous },
            after: { status: req.status },
            reason,
          },
        ],
        at,
      );
      await recordBatchStatusEvent(trx, { materialNo, batchNo, status: req.status, previous, reason, at, actorId });
      const covered = await repo.coveredUnits(trx, materialNo, batchNo);
      const params = {
        materialNo,
        batchNo,
        status: BATCH_STATUS_WORDS[req.status],
        units: covered.units,
        warehouses: covered.warehouses.length,
      };
      return { status: req.status, units: covered.units, warehouses: covered.warehouses, message: message('BATCH_STATUS_SET', params) };
    });
  }

  /** Writes the new status if the batch may take it; answers the status it had. */
  private async change(trx: Db, actorId: string, batch: BatchRef, status: BatchStatus, reason: string, at: string): Promise<BatchStatus> {
    const { materialNo, batchNo } = batch;
    for (let attempt = 1; ; attempt++) {
      const row = await repo.findBatchStatus(trx, materialNo, batchNo);
      if (!row && !(await repo.isKnownBatch(trx, materialNo, batchNo))) throw new AppError(404, 'BATCH_UNKNOWN', { materialNo, batchNo });
      const previous = row?.status ?? 'RELEASED';
      const refusal = batchChangeRefusal(previous, status);
      if (refusal) throw new AppError(422, refusal, { materialNo, batchNo, status: BATCH_STATUS_WORDS[previous] });
      const saved = await repo.saveBatchStatus(
        trx,
        { material_no: materialNo, batch_no: batchNo, status, reason, changed_by: actorId, changed_at: at },
        previous,
      );
      if (saved) return previous;
      // Another change of this batch committed since the read (PostgreSQL): read it again and decide anew.
      if (attempt >= ATTEMPTS) throw new Error(`batch ${materialNo}/${batchNo}: its status kept changing`);
    }
  }

  /**
   * POST /api/batches/lookup: the batch a pack's code names. GTIN + serial of a pack on record: that
   * pack's batch; else GTIN (01) + batch (10) of a material on record. An SSCC, or a code naming
   * neither, names no batch (422); a code that does not decode is refused as scans are (400).
   */
  async lookup(code: string, today = isoToday()): Promise<BatchLookupResponse> {
    const decoded = decodeScan(code, { idType: 'GS1', today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    if (decoded.gtin && decoded.serial) {
      const pack = await units.findUnit(this.db, { gtin: decoded.gtin, serial: decoded.serial });
      if (pack?.material_no && pack.batch_no) return { materialNo: pack.material_no, batchNo: pack.batch_no };
    }
    if (decoded.gtin && decoded.batch) {
      const materialNo = await materials.materialWithGtin(this.db, decoded.gtin);
      if (materialNo) return { materialNo, batchNo: decoded.batch };
    }
    throw new AppError(422, 'BATCH_CODE_NO_BATCH');
  }

  /** GET whereabouts: the batch's status and where its packs are, in every warehouse. */
  async whereabouts(batch: BatchRef): Promise<WhereaboutsResponse> {
    const { status, change, input } = await this.read(batch);
    return { ...batch, status, change, ...whereabouts(input) };
  }

  /** GET whereabouts?format=csv: a header row, then one row per unit of the batch. */
  async whereaboutsCsv(batch: BatchRef): Promise<string> {
    const { input } = await this.read(batch);
    return csvDocument(WHEREABOUTS_CSV_HEADER, whereaboutsRows(input));
  }

  /** Everything the whereabouts are made of, read in one transaction (one snapshot on PostgreSQL). */
  private read(batch: BatchRef) {
    const { materialNo, batchNo } = batch;
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await repo.withoutJit(trx);
        const row = await repo.findBatchStatusChange(trx, materialNo, batchNo);
        if (!row && !(await repo.isKnownBatch(trx, materialNo, batchNo))) throw new AppError(404, 'BATCH_UNKNOWN', { materialNo, batchNo });
        const unitRows = await repo.batchUnits(trx, materialNo, batchNo);
        const documents = await repo.batchDocuments(trx, materialNo, batchNo);
        const places = await repo.places(trx);
        return {
          status: row?.status ?? ('RELEASED' as const),
          change: row ? { reason: row.reason, by: row.changed_by_email ?? row.changed_by, at: row.changed_at } : null,
          input: { units: unitRows, documents, ...places },
        };
      });
  }
}
