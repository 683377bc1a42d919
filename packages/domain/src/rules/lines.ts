/**
 * Document lines as lists and details show them (spec point 3, "IBD line"): lines of the same
 * material and batch merge into one, quantities summed and scanned details joined.
 */
export interface RawLine {
  lineNo: number;
  materialNo: string;
  materialName: string;
  batchNo: string | null;
  eanGtinNo: string | null;
  quantity: number;
  scannedQuantity: number;
  shortageQuantity: number;
}
export interface ScannedRoot {
  materialNo: string;
  batchNo: string | null;
  label: string;
}
export interface MergedLine extends RawLine {
  scannedDetails: string[];
}

export function mergeLines(lines: readonly RawLine[], scanned: readonly ScannedRoot[]): MergedLine[] {
  const merged = new Map<string, MergedLine>();
  for (const line of [...lines].sort((a, b) => a.lineNo - b.lineNo)) {
    const key = `${line.materialNo}\u0000${line.batchNo ?? ''}`;
    const existing = merged.get(key);
    if (existing) {
      existing.quantity += line.quantity;
      existing.scannedQuantity += line.scannedQuantity;
      existing.shortageQuantity += line.shortageQuantity;
    } else {
      merged.set(key, { ...line, scannedDetails: [] });
    }
  }
  for (const line of merged.values()) {
    const labels = scanned
      .filter((s) => s.materialNo === line.materialNo && (line.batchNo === null || s.batchNo === line.batchNo))
      .map((s) => s.label);
    line.scannedDetails = [...new Set(labels)];
  }
  return [...merged.values()];
}

/** A line's counts: what its Expected Qty and its family's Qty scanned column show. */
export interface LineCounts {
  quantity: number;
  scannedQuantity: number;
}

/** Qty Left of a line: expected minus scanned, never below zero. */
export function lineLeft(line: LineCounts): number {
  return Math.max(0, line.quantity - line.scannedQuantity);
}

/** A document's Expected Qty, Qty scanned and Qty Left. */
export interface DocumentTotals {
  expected: number;
  scanned: number;
  left: number;
}

/**
 * A document's totals from its lines: the one computation behind what its list card, details page and
 * scan page show (issue 14). The list's SQL sums the same columns of the same lines.
 */
export function documentTotals(lines: readonly LineCounts[]): DocumentTotals {
  let expected = 0;
  let scanned = 0;
  let left = 0;
  for (const line of lines) {
    expected += line.quantity;
    scanned += line.scannedQuantity;
    left += lineLeft(line);
  }
  return { expected, scanned, left };
}
