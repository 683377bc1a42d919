import type { UnitRow } from '../inventory/units.repository.ts';
import { AppError } from '../../lib/errors.ts';
import type { Place } from './epcis.repository.ts';

/**
 * One tree of units, one warehouse (decision 0056): an EPCIS event may not link a unit to an IBD of
 * another warehouse than the one it belongs to, nor put it under a parent of another warehouse. A unit
 * belongs to its warehouse or, announced and in none, to the warehouses of its documents (decision 0019);
 * its tree to the warehouses of every unit above and under it.
 */

/** The places of both, each warehouse once, `a`'s first. */
export function together(a: readonly Place[], b: readonly Place[]): Place[] {
  const out = [...a];
  for (const p of b) if (!out.some((q) => q.warehouseNo === p.warehouseNo)) out.push(p);
  return out;
}

/** Where a unit of `own` places would be put with `into`, when that is more than one warehouse: the unit's and the other. */
export function clash(own: readonly Place[], into: readonly Place[]): { warehouse: Place; other: Place } | null {
  const all = together(own, into);
  if (all.length <= 1) return null;
  const warehouse = all[0]!;
  return { warehouse, other: all.find((p) => p.warehouseNo !== warehouse.warehouseNo)! };
}

/** A unit by its GS1 keys as a label prints them: '(00) 3888…' or '(01) 0888… (21) SERIAL'. */
export function unitKey(u: Pick<UnitRow, 'sscc' | 'gtin' | 'serial'>): string {
  return u.sscc ? `(00) ${u.sscc}` : `(01) ${u.gtin ?? '-'} (21) ${u.serial ?? '-'}`;
}

export function elsewhere(
  event: string,
  field: string,
  unit: Pick<UnitRow, 'sscc' | 'gtin' | 'serial'>,
  c: { warehouse: Place; other: Place },
) {
  return new AppError(400, 'EPCIS_UNIT_ELSEWHERE', {
    event,
    field,
    unit: unitKey(unit),
    warehouse: c.warehouse.warehouseNo,
    area: c.warehouse.area,
    other: c.other.warehouseNo,
    otherArea: c.other.area,
  });
}
