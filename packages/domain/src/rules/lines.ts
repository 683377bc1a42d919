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
