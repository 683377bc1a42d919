/**
 * Spreads scanned packs over a document's lines. Packs are grouped by material and batch; each
 * group fills the matching lines in line order (a line without a batch takes any batch of its
 * material). Pure: the server calls it inside the scan's transaction with the document's counts.
 */
export interface AllocLine {
  lineNo: number;
  materialNo: string;
  batchNo: string | null;
  quantity: number;
}
export interface PackGroup {
  materialNo: string;
  batchNo: string | null;
  count: number;
}
export type Allocation =
  | { ok: true; scanned: Map<number, number> }
  | { ok: false; code: 'NOT_ON_DOCUMENT'; materialNo: string; batchNo: string | null }
  | { ok: false; code: 'QUANTITY_EXCEEDED'; materialNo: string; batchNo: string | null };

export function allocate(lines: readonly AllocLine[], groups: readonly PackGroup[]): Allocation {
  const sorted = [...lines].sort((a, b) => a.lineNo - b.lineNo);
  const scanned = new Map<number, number>(sorted.map((l) => [l.lineNo, 0]));
  // Exact batch lines first, then batch-less lines of the material.
  for (const g of groups) {
    const exact = sorted.filter((l) => l.materialNo === g.materialNo && l.batchNo !== null && l.batchNo === g.batchNo);
    const open = sorted.filter((l) => l.materialNo === g.materialNo && l.batchNo === null);
    const candidates = [...exact, ...open];
    if (candidates.length === 0) return { ok: false, code: 'NOT_ON_DOCUMENT', materialNo: g.materialNo, batchNo: g.batchNo };
    let left = g.count;
    for (const line of candidates) {
      const room = line.quantity - scanned.get(line.lineNo)!;
      const take = Math.min(room, left);
      if (take > 0) {
        scanned.set(line.lineNo, scanned.get(line.lineNo)! + take);
        left -= take;
      }
      if (left === 0) break;
    }
    if (left > 0) return { ok: false, code: 'QUANTITY_EXCEEDED', materialNo: g.materialNo, batchNo: g.batchNo };
  }
  return { ok: true, scanned };
}
