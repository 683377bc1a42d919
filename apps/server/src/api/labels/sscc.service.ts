import { buildSscc, ssccSerialCapacity, type Application } from '@pharma/domain';
import type { CreatePalletRequest, WarehouseSetupBody, WarehouseSetupResponse } from '@pharma/domain/contract/labels';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findUnit } from '../inventory/units.repository.ts';
import * as repo from './labels.repository.ts';
import { checkPrinter, type PrinterPolicy } from './printer-address.ts';
import { openRepack } from '../repack/repack.service.ts';
import type { VerificationSettings } from '../verification/settings.ts';

export interface Caller {
  userId: string;
  area: Application;
}

/**
 * SSCC allocation (GS1 General Specifications 2.2.1; decision 0030): the warehouse's extension digit
 * and company prefix, the next serial reference of that issuer from a database counter, the check
 * digit. Each SSCC is taken, recorded and audited in one transaction: a refused or failed request
 * issues nothing, and no serial reference is handed out twice (restart, several server instances).
 */
export class SsccService {
  constructor(
    private readonly db: Db,
    /** Where a network printer may be (config.printers, decision 0055). */
    private readonly printerPolicy: PrinterPolicy,
    /** The warehouse's national verification system (issue 28), set in the same transaction. */
    private readonly verification: VerificationSettings,
  ) {}

  /**
   * PUT /api/integration/warehouses/{warehouseNo}: the issuer, the printers and (when given) the national
   * verification system, audited with before and after; of the system's secret the audit row says only
   * whether it was set, left unchanged or removed, and of its client certificate what the answer says too.
   * A printer on a port not on PRINTER_PORTS, or at an address that may not be a printer, is 422.
   */
  async setup(actorId: string, warehouseNo: string, body: WarehouseSetupBody): Promise<WarehouseSetupResponse> {
    const names = new Set(body.printers.map((p) => p.name));
    if (names.size !== body.printers.length) throw new AppError(400, 'BAD_REQUEST', { detail: 'printer names must differ' });
    for (const printer of body.printers) {
      const refused = checkPrinter(printer, this.printerPolicy);
      if (refused) throw new AppError(422, refused.code, refused.params);
    }
    return this.db.transaction().execute(async (trx) => {
      const warehouse = await repo.findWarehouse(trx, warehouseNo);
      if (!warehouse) throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo });
      const before: Record<string, unknown> = {
        gs1CompanyPrefix: warehouse.prefix,
        extensionDigit: warehouse.extension,
        printers: await repo.printersOf(trx, warehouseNo),
      };
      await repo.setIssuer(trx, warehouseNo, body.gs1CompanyPrefix, body.extensionDigit);
      await repo.replacePrinters(trx, warehouseNo, body.printers);
      const { verification, ...after }: Record<string, unknown> & Pick<WarehouseSetupBody, 'verification'> = body;
      const change =
        verification === undefined
          ? undefined
          : await this.verification.apply(trx, actorId, { warehouseNo, gln: warehouse.gln }, verification);
      if (change) {
        before.verification = change.before;
        after.verification = change.after;
      }
      await writeAudit(trx, [{ actorId, entity: 'warehouse', entityId: warehouseNo, action: 'label-setup', before, after }]);
      const certificate = change?.after?.certificate;
      return { updated: true as const, ...(certificate ? { verification: { certificate } } : {}) };
    });
  }

  /** POST /api/generateSSCC: a new SSCC of a warehouse of the caller's area. */
  async generate(caller: Caller, warehouseNo: string): Promise<{ sscc: string }> {
    return this.db.transaction().execute(async (trx) => ({ sscc: await this.issue(trx, caller, warehouseNo, 'generate') }));
  }

  /** POST /api/createPallet: a new SSCC and the empty pallet or carton under it, REPACK_PENDING. */
  async createPallet(caller: Caller, req: CreatePalletRequest): Promise<{ sscc: string }> {
    return this.db.transaction().execute(async (trx) => {
      const sscc = await this.issue(trx, caller, req.warehouseNo, 'create-pallet');
      const at = new Date().toISOString();
      const id = newId();
      await repo.insertEmptyUnit(trx, { id, type: req.type, sscc, warehouseNo: req.warehouseNo, at });
      // The new pallet or carton is the destination of its first repack, pending (decision 0048).
      const unit = (await findUnit(trx, { id }))!;
      const repackNo = await openRepack(trx, { unit, userId: caller.userId, referenceNo: null, at });
      await writeAudit(
        trx,
        [
          {
            actorId: caller.userId,
            entity: 'unit',
            entityId: id,
            action: 'create',
            after: {
              type: req.type,
              sscc,
              warehouseNo: req.warehouseNo,
              status: 'ACTIVE',
              reason: 'WAREHOUSE RECEIVED',
              repack: 'REPACK_PENDING',
              repackNo,
            },
          },
        ],
        at,
      );
      return { sscc };
    });
  }

  private async issue(trx: Db, caller: Caller, warehouseNo: string, why: string): Promise<string> {
    const warehouse = await repo.findWarehouse(trx, warehouseNo);
    // A warehouse of the other area is answered as one that does not exist (decision 0019).
    if (!warehouse || warehouse.area !== caller.area) throw new AppError(404, 'UNKNOWN_WAREHOUSE', { warehouseNo });
    const { prefix, extension } = warehouse;
    if (!prefix || !extension) throw new AppError(409, 'SSCC_ISSUER_MISSING', { warehouseNo });
    const serial = await repo.takeSerial(trx, extension + prefix, ssccSerialCapacity(prefix));
    const sscc = serial === undefined ? undefined : buildSscc(extension, prefix, serial);
    if (!sscc) throw new AppError(409, 'SSCC_RANGE_EXHAUSTED', { prefix, extension, warehouseNo });
    const at = new Date().toISOString();
    await repo.recordIssued(trx, { sscc, warehouseNo, userId: caller.userId, at });
    await writeAudit(
      trx,
      [{ actorId: caller.userId, entity: 'sscc', entityId: sscc, action: 'issue', after: { warehouseNo, serial }, reason: why }],
      at,
    );
    return sscc;
  }
}
