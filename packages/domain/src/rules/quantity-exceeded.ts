/**
 * The figures of a 'Quantity exceeded' refusal (spec point 8 keeps the sentence; issue 27 adds the
 * numbers beside it): what the lines a scan would fill expect, what is already scanned on them, and
 * what the scan would add. The lines are those `allocate` fills for the material and batch: lines of
 * that exact batch, then lines of the material without a batch. Pure.
 */
export interface ExceededLine {
  materialNo: string;
  batchNo: string | null;
  quantity: number;
  scanned: number;
}

export interface ExceededGroup {
  materialNo: string;
  batchNo: string | null;
  count: number;
}

/** The params of QUANTITY_EXCEEDED for a group of packs that does not fit on the lines. */
export function quantityExceeded(lines: readonly ExceededLine[], group: ExceededGroup): Record<string, string> {
  const fills = lines.filter(
    (l) => l.materialNo === group.materialNo && (l.batchNo === null || (group.batchNo !== null && l.batchNo === group.batchNo)),
  );
  const sum = (f: (l: ExceededLine) => number) => fills.reduce((n, l) => n + f(l), 0);
  return {
    expected: String(sum((l) => l.quantity)),
    scanned: String(sum((l) => l.scanned)),
    scan: String(group.count),
    materialNo: group.materialNo,
    batchNo: group.batchNo ?? '-',
  };
}
