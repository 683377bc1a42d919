import { documentTotals, lineLeft } from '@pharma/domain';
import type { DocumentLine } from '@pharma/domain/contract/inventory';
import { parseUnitId, type UnitRef } from '../../lib/unit-codes.ts';

/** Qty Left of a line, and a document's totals: the domain's, as the server adds them up (issue 14). */
export const qtyLeft = lineLeft;
export const totals = documentTotals;

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
 * What the scan page's badge counts ('N scanned'), from the same lines as the scanned units and the
 * header (issue 27): the units scanned on the document, once each, as 'Scanned units (N)' lists them;
 * for a counted family (ScanLite), which has no units on its documents, the packs counted on its lines.
 */
export function scannedCount(lines: readonly DocumentLine[], counted: boolean): number {
  return counted ? totals(lines).scanned : scannedUnits(lines).length;
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
