import { unitId, type ScanUnit } from '@pharma/domain';
import type { UnitRowWithBatch } from './units.repository.ts';

/**
 * A unit row as the pure rules read it (a scan's tree, a repack's move), with its batch's status as the
 * scan path read it in the same statement (none read: RELEASED). A pallet or carton is
 * RELEASED whatever its batch columns say: it is held through the packs it holds, which the tree lists.
 */
export function scanUnit(u: UnitRowWithBatch): ScanUnit {
  return {
    id: u.id,
    type: u.type,
    parentId: u.parent_id,
    status: u.status,
    reason: u.reason,
    warehouseNo: u.warehouse_no,
    materialNo: u.material_no,
    batchNo: u.batch_no,
    expiry: u.expiry,
    label: unitId(u),
    batchStatus: u.type === 'PLT' || u.type === 'CTN' ? 'RELEASED' : (u.batch_status ?? 'RELEASED'),
  };
}
