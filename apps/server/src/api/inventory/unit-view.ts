import { unitId, type ScanUnit } from '@pharma/domain';
import type { UnitRow } from '../../db/schema.ts';

/** A unit row as the pure rules read it (a scan's tree, a repack's move). */
export function scanUnit(u: UnitRow): ScanUnit {
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
  };
}
