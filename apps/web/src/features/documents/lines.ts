import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { parseUnitId, type UnitRef } from '../../lib/unit-codes.ts';

/** Qty Left of a line: expected minus scanned, never below zero. */
export function qtyLeft(line: Pick<DocumentLine, 'quantity' | 'scannedQuantity'>): number {
  return Math.max(0, line.quantity - line.scannedQuantity);
}

export interface Totals {
  expected: number;
  scanned: number;
  left: number;
}

export function totals(lines: readonly DocumentLine[]): Totals {
  const expected = lines.reduce((sum, line) => sum + line.quantity, 0);
  const scanned = lines.reduce((sum, line) => sum + line.scannedQuantity, 0);
  return { expected, scanned, left: lines.reduce((sum, line) => sum + qtyLeft(line), 0) };
}

export interface ScannedUnit {
  /** The identifier as the API wrote it (SSCC or GTIN/serial). */
  id: string;
  ref: UnitRef;
  /** Material numbers of the lines it counted on. */
  materials: string[];
}

/** The units scanned on a document, once each, from the lines' scanned details (a pallet may span lines). */
export function scannedUnits(lines: readonly DocumentLine[]): ScannedUnit[] {
  const units = new Map<string, ScannedUnit>();
  for (const line of lines) {
    for (const id of line.scannedDetails) {
      const unit = units.get(id) ?? { id, ref: parseUnitId(id), materials: [] };
      if (!unit.materials.includes(line.materialNo)) unit.materials.push(line.materialNo);
      units.set(id, unit);
    }
  }
  return [...units.values()];
}

/**
 * The lines after a scan or a delete. A scan's answer lists only the unit it scanned as details (so
 * an answer stays small however large the document), so the units known before are kept, newest
 * first, and a deleted unit is dropped.
 */
export function mergeAnswerLines(before: readonly DocumentLine[], answer: readonly DocumentLine[], removedUnitId?: string): DocumentLine[] {
  return answer.map((line) => {
    const old = before.find((b) => b.lineNo === line.lineNo);
    const details = [...new Set([...line.scannedDetails, ...(old?.scannedDetails ?? [])])].filter((id) => id !== removedUnitId);
    return { ...line, scannedDetails: details };
  });
}
