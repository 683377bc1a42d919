import { decodeCode, isLocked, message, unitId, type Application } from '@pharma/domain';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { isoToday } from '../../lib/today.ts';
import * as units from '../inventory/units.repository.ts';
import * as repo from './labels.repository.ts';

export interface Caller {
  userId: string;
  area: Application;
}

/** What may go on what: a carton on a pallet, a pack on a carton or a pallet (decision 0032). */
const TARGETS: Record<string, readonly string[]> = { CTN: ['PLT'], EA: ['CTN', 'PLT'], BUN: ['CTN', 'PLT'] };
const NAMES: Record<string, string> = { PLT: 'pallet', CTN: 'carton', EA: 'pack', BUN: 'bundle' };

/**
 * Repacking (issue 18, decision 0032): a scanned unit moves onto a pallet or carton, or off its parent,
 * in one transaction; its tree (a carton's packs) moves with it. It may move when no unit of its tree
 * is locked, it is in the destination's warehouse, and no open document holds it. The repack of a
 * pallet made by createPallet ends with completeRepack; a completed one takes no more changes.
 */
export class RepackService {
  constructor(private readonly db: Db) {}

  async remap(caller: Caller, req: { code: string; to: string | null; scanId: string }, today = isoToday()) {
    const decoded = decodeCode(req.code, { today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    const key: units.UnitKey | undefined = decoded.sscc
      ? { sscc: decoded.sscc }
      : decoded.gtin && decoded.serial
        ? { gtin: decoded.gtin, serial: decoded.serial }
        : undefined;
    if (!key) throw new AppError(400, 'ITEM_ID_NOT_SUPPORTED');
    return this.db.transaction().execute(async (trx) => {
      const unit = await units.findUnitInArea(trx, key, caller.area);
      if (!unit) throw new AppError(404, 'SERIAL_NOT_RECOGNIZED');
      const target = req.to === null ? null : await units.findUnitInArea(trx, { sscc: req.to }, caller.area);
      if (req.to !== null && !target) throw new AppError(404, 'SSCC_NOT_RECOGNIZED', { sscc: req.to });
      const tree = await units.subtree(trx, unit.id, true);
      await this.mayMove(trx, unit, tree, target);
      const before = unit.parent_id ? await units.findUnit(trx, { id: unit.parent_id }) : undefined;
      const changed = (target?.id ?? null) !== unit.parent_id;
      if (changed) {
        const at = new Date().toISOString();
        await repo.setParentOf(trx, unit.id, target?.id ?? null, at);
        await writeAudit(
          trx,
          [
            {
              actorId: caller.userId,
              entity: 'unit',
              entityId: unit.id,
              action: target ? 'repack-add' : 'repack-remove',
              before: { parent: before ? unitId(before) : null },
              after: { parent: target ? unitId(target) : null, units: tree.length },
              reason: `scan ${req.scanId}`,
            },
          ],
          at,
        );
      }
      return { scanId: req.scanId, id: unitId(unit), type: unit.type, parent: target?.sscc ?? null, units: tree.length };
    });
  }

  async complete(caller: Caller, sscc: string) {
    return this.db.transaction().execute(async (trx) => {
      const unit = await units.findUnitInArea(trx, { sscc }, caller.area);
      const repack = unit && (await repo.repackOf(trx, unit.id));
      if (!unit || !repack) throw new AppError(404, 'SSCC_NOT_RECOGNIZED', { sscc });
      const at = new Date().toISOString();
      if (!(await repo.completeRepack(trx, unit.id, at))) throw new AppError(409, 'REPACK_NOT_PENDING', { sscc });
      await writeAudit(
        trx,
        [
          {
            actorId: caller.userId,
            entity: 'unit',
            entityId: unit.id,
            action: 'repack-complete',
            before: { repack: 'REPACK_PENDING' },
            after: { repack: 'REPACK_COMPLETE' },
          },
        ],
        at,
      );
      return { sscc, state: 'REPACK_COMPLETE' as const, message: message('REPACK_COMPLETED') };
    });
  }

  private async mayMove(trx: Db, unit: UnitRow, tree: UnitRow[], target: UnitRow | null | undefined): Promise<void> {
    // The open document first: it names where the unit is held (its scan there may also have locked it).
    const open = await repo.openDocumentOf(
      trx,
      tree.map((u) => u.id),
    );
    if (open) throw new AppError(409, 'REPACK_ON_OPEN_DOCUMENT', open);
    for (const u of tree) {
      if (isLocked(u.status, u.reason)) throw new AppError(422, 'REPACK_ITEM_LOCKED', { status: u.status, reason: u.reason ?? '-' });
    }
    // The repack a unit leaves or joins must be pending, when the unit is one made by createPallet.
    for (const holder of [unit.parent_id, target?.id]) {
      if (!holder) continue;
      const repack = await repo.repackOf(trx, holder);
      const row = repack && (await units.findUnit(trx, { id: holder }));
      if (repack?.state === 'REPACK_COMPLETE') throw new AppError(409, 'REPACK_NOT_PENDING', { sscc: row?.sscc ?? '' });
    }
    if (!target) return;
    if (!(TARGETS[unit.type] ?? []).includes(target.type)) {
      throw new AppError(422, 'REPACK_NOT_A_TARGET', { unit: NAMES[unit.type] ?? unit.type, target: NAMES[target.type] ?? target.type });
    }
    if (tree.some((u) => u.id === target.id)) throw new AppError(422, 'REPACK_INTO_ITSELF');
    if (isLocked(target.status, target.reason))
      throw new AppError(422, 'REPACK_ITEM_LOCKED', { status: target.status, reason: target.reason ?? '-' });
    if (unit.warehouse_no !== target.warehouse_no) {
      throw new AppError(422, 'OTHER_WAREHOUSE', { warehouseNo: unit.warehouse_no ?? '-', documentWarehouse: target.warehouse_no ?? '-' });
    }
  }
}
