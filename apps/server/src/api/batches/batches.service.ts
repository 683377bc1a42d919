import { Readable } from 'node:stream';
import { BATCH_STATUS_WORDS, batchChangeRefusal, decodeScan, message, type BatchStatus, type Registry } from '@pharma/domain';
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
import { oweBatchStatusEvents } from '../integration/batch-status-events.ts';
import * as materials from '../inventory/materials.repository.ts';
import * as units from '../inventory/units.repository.ts';
import { batchDocuments, readBatchUnits } from './batch-units.ts';
import type { BatchWork } from './batch-work.ts';
import * as repo from './batches.repository.ts';
import { csvDocument } from '../../lib/csv.ts';
import { Slices } from '../../lib/slices.ts';
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
  constructor(
    private readonly db: Db,
    private readonly work: BatchWork,
    /** The families the server runs (decision 0085): the whereabouts read which documents sent stock out. */
    private readonly registry: Registry,
  ) {}

  /**
   * PUT /api/batches/{m}/{b}/status: one short transaction (the status row, one audit row, the EPCIS
   * events owed: decision 0073). The units are not written: every scan reads the batch's status with
   * its units (decision 0071), so the change covers every unit of the batch at once, whatever their
   * number. After the commit the batch's units are read in the batch worker, scans going on meanwhile
   * (decisions 0070, 0076): the answer counts them, and the events are built from that same read after
   * the answer (`onEventsFailed` hears of a build that failed; the export builds those).
   */
  async setStatus(
    actorId: string,
    batch: BatchRef,
    req: SetBatchStatusRequest,
    onEventsFailed: (error: unknown) => void = () => undefined,
  ): Promise<SetBatchStatusResponse> {
    const { materialNo, batchNo } = batch;
    const reason = req.reason.trim();
    if (reason.length < MIN_REASON) throw new AppError(422, 'BATCH_REASON_REQUIRED', { batchNo });
    const owed = await this.db.transaction().execute(async (trx) => {
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
      return oweBatchStatusEvents(trx, { materialNo, batchNo, status: req.status, at });
    });
    const work = this.work.start(owed);
    work.built.catch(onEventsFailed);
    const { units: count, warehouses } = await work.covered;
    const params = { materialNo, batchNo, status: BATCH_STATUS_WORDS[req.status], units: count, warehouses: warehouses.length };
    return { status: req.status, units: count, warehouses, message: message('BATCH_STATUS_SET', params) };
  }

  /** Resolves once the EPCIS events being built have been kept (or have failed) and the batch worker has ended: the server closing waits for them. */
  close(): Promise<void> {
    return this.work.close();
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
    // A status change usually follows: its worker starts meanwhile (decision 0076).
    this.work.warm();
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
    const { status, change, input, slices } = await this.read(batch);
    const found = await whereabouts(input, this.registry, slices);
    // Packs counted without serials on an open document (ScanLite) are on it too, though no unit is.
    const counted = await repo.countedOnOpenDocuments(this.db, batch.materialNo, batch.batchNo);
    const openDocuments = [...found.openDocuments, ...counted].sort(
      (a, b) => a.docType.localeCompare(b.docType) || a.docNo.localeCompare(b.docNo),
    );
    return { ...batch, status, change, ...found, openDocuments };
  }

  /** GET whereabouts?format=csv: a header row, then one row per unit of the batch, as a stream of UTF-8 pieces. */
  async whereaboutsCsv(batch: BatchRef): Promise<Readable> {
    const { input, slices } = await this.read(batch);
    return Readable.from(csvDocument(WHEREABOUTS_CSV_HEADER, await whereaboutsRows(input, slices), slices), { objectMode: false });
  }

  /**
   * Everything the whereabouts are made of, a slice at a time (`batch-units.ts`): in one snapshot on
   * PostgreSQL; on SQLite statement by statement, scans going on in between.
   */
  private async read(batch: BatchRef) {
    this.work.warm();
    const { materialNo, batchNo } = batch;
    const slices = new Slices();
    return repo.inSnapshot(this.db, async (db) => {
      const row = await repo.findBatchStatusChange(db, materialNo, batchNo);
      if (!row && !(await repo.isKnownBatch(db, materialNo, batchNo))) throw new AppError(404, 'BATCH_UNKNOWN', { materialNo, batchNo });
      const units = await readBatchUnits(db, materialNo, batchNo, slices);
      const documents = await batchDocuments(db, units, slices);
      const places = await repo.places(db);
      const all = [...units.packs, ...units.holders.values()];
      return {
        status: row?.status ?? ('RELEASED' as const),
        change: row ? { reason: row.reason, by: row.changed_by_email ?? row.changed_by, at: row.changed_at } : null,
        input: { units: all, documents, ...places },
        slices,
      };
    });
  }
}
