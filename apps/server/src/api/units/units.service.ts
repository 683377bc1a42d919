import {
  decodeCode,
  decodeScan,
  editableStatuses,
  unitId,
  hasValidCheckDigit,
  heldBatchesIn,
  isHeld,
  isLocked,
  type Application,
  type EditableStatus,
  type UnitType,
} from '@pharma/domain';
import type { UnitView } from '@pharma/domain/contract/inventory';
import type { Db } from '../../db/database.ts';
import type { UnitRow } from '../inventory/units.repository.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as units from '../inventory/units.repository.ts';
import type { UnitRowWithBatch } from '../inventory/units.repository.ts';
import { scanUnit } from '../inventory/unit-view.ts';
import { isoToday } from '../../lib/today.ts';
import { announcedView } from './announced.ts';

/**
 * Search by SSCC or serial (a raw scan accepted), and editing an item's status: only units of the
 * caller's area are found (decision 0019); without an area (the INTEGRATION right's search, decision
 * 0083), units of every area.
 */
export class UnitsService {
  constructor(private readonly db: Db) {}

  /** GET /api/searchSSCC/{code}: an SSCC, bare (18 digits) or inside any GS1 code. */
  async searchSscc(code: string, area: Application | undefined, today = isoToday()): Promise<UnitView[]> {
    const sscc = /^\d{18}$/.test(code.trim()) && hasValidCheckDigit(code.trim()) ? code.trim() : decodeCode(code, { today });
    const key = typeof sscc === 'string' ? sscc : sscc.ok ? sscc.sscc : null;
    if (!key) return [];
    return this.views(await units.findForView(this.db, { sscc: key }, area));
  }

  /** GET /api/serialSearch/{code}: GTIN + serial from a pack code, or a bare serial (several GTINs may match). */
  async searchSerial(code: string, area: Application | undefined, today = isoToday()): Promise<UnitView[]> {
    const decoded = decodeCode(code, { today });
    if (decoded.ok && decoded.gtin && decoded.serial) {
      return this.views(await units.findForView(this.db, { gtin: decoded.gtin, serial: decoded.serial }, area));
    }
    const serial = code.trim();
    if (!serial || serial.length > 20) return [];
    return this.views(await units.findForView(this.db, { serial }, area));
  }

  /**
   * Sets a status on a unit and everything under it, if the spec's table offers it and the unit is
   * not locked. With `area` (the caller's; every request has one) a unit of another area is not found;
   * the demo seed, which has no caller, passes none.
   */
  async setStatus(
    actorId: string,
    req: { code: string; unit: UnitType; status: EditableStatus; reason?: string; area?: Application },
    today = isoToday(),
  ): Promise<UnitView> {
    const decoded = decodeScan(req.code, { unit: req.unit, today });
    if (!decoded.ok) throw new AppError(400, decoded.code, decoded.params);
    return this.db.transaction().execute(async (trx) => {
      const key: units.UnitKey = decoded.sscc ? { sscc: decoded.sscc } : { gtin: decoded.gtin ?? '', serial: decoded.serial ?? '' };
      const unit = req.area ? await units.findUnitInArea(trx, key, req.area) : await units.findUnit(trx, key);
      if (!unit) throw new AppError(404, 'NOT_FOUND');
      if (isLocked(unit.status, unit.reason)) {
        throw new AppError(422, 'ITEM_LOCKED', { status: unit.status, reason: unit.reason ?? '-' });
      }
      const tree = await units.subtree(trx, unit.id);
      if (!offered(tree).includes(req.status)) throw new AppError(422, 'STATUS_NOT_OFFERED', { status: req.status });
      const at = new Date().toISOString();
      await units.setTreeState(
        trx,
        unit.id,
        { status: req.status, reason: unit.reason },
        { opId: newId(), actorId, at, action: 'status', why: req.reason ?? null },
      );
      return this.view((await units.findForView(trx, { id: unit.id }, undefined))[0]!, trx);
    });
  }

  private views(found: units.UnitForView[]): Promise<UnitView[]> {
    return Promise.all(found.map((f) => this.view(f)));
  }

  /**
   * A unit found with its parent, batch status, material name and trail (`findForView`, one statement):
   * a pack needs nothing more; a pallet or carton reads its tree and its children, and a unit in no
   * warehouse whether it is announced (decision 0083).
   */
  private async view({ unit, history }: units.UnitForView, db: Db = this.db): Promise<UnitView> {
    const leaf = unit.type === 'EA';
    const [tree, kids, announced] = await Promise.all([
      // A pack's row carries its batch's status; a tree's rows carry theirs (the subtree's one statement).
      leaf ? [unit] : units.subtree(db, unit.id),
      leaf ? [] : units.children(db, unit.id),
      announcedView(db, unit),
    ]);
    const root = tree.find((u) => u.id === unit.id);
    return {
      type: unit.type,
      sscc: unit.sscc,
      gtin: unit.gtin,
      serial: unit.serial,
      status: unit.status,
      reason: unit.reason,
      warehouseNo: unit.warehouse_no,
      materialNo: unit.material_no,
      materialName: unit.material_name,
      batchNo: unit.batch_no,
      expiry: unit.expiry,
      packs: tree.filter((u) => u.type === 'EA').length,
      parent: unit.parent_type
        ? { type: unit.parent_type, id: unitId({ sscc: unit.parent_sscc, gtin: unit.parent_gtin, serial: unit.parent_serial }) }
        : null,
      children: kids.map((k) => ({ type: k.type, id: unitId(k), status: k.status })),
      history,
      editableStatuses: isLocked(unit.status, unit.reason) ? [] : offered(tree),
      batchStatus: unit.type === 'PLT' || unit.type === 'CTN' || !unit.batch_no ? null : (root?.batch_status ?? 'RELEASED'),
      heldBatches: heldBatchesOf(tree),
      announced,
    };
  }
}

/** The held or recalled batches of a tree's packs, each once, root first (the scan rules' `heldBatchesIn`). */
function heldBatchesOf(tree: readonly UnitRowWithBatch[]): UnitView['heldBatches'] {
  return heldBatchesIn(tree.map(scanUnit)).flatMap((u) =>
    isHeld(u.batchStatus) && u.materialNo && u.batchNo ? [{ materialNo: u.materialNo, batchNo: u.batchNo, status: u.batchStatus }] : [],
  );
}

function offered(tree: UnitRow[]): EditableStatus[] {
  return editableStatuses({ statuses: tree.map((u) => u.status), reasons: tree.map((u) => u.reason) });
}
