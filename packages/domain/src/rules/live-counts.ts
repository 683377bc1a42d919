/**
 * The counts still on a counted document (ScanLite, decisions 0027 and 0066), from its scan rows: each
 * scan counts one pack on its line; a removal names the scan it takes off (`reverses`); a reverse by
 * code (POST /api/reverseOperation) names none and takes off the last pack of its material and batch
 * counted on its line. Replayed in time order (a scan before a reverse of the same instant), so the
 * list agrees with the lines' figures, which move by the same rows. Pure.
 */
export interface CountRow {
  id: string;
  kind: 'scan' | 'reverse';
  lineNo: number;
  materialNo: string;
  batchNo: string;
  /** The scan a removal took off; null for a scan, and for a reverse by code. */
  reverses: string | null;
  /** ISO timestamp. */
  at: string;
}

export function liveCounts<R extends CountRow>(rows: readonly R[]): R[] {
  const ordered = [...rows].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === b.kind ? 0 : a.kind === 'scan' ? -1 : 1));
  const live: R[] = [];
  for (const row of ordered) {
    if (row.kind === 'scan') {
      live.push(row);
      continue;
    }
    let index = -1;
    if (row.reverses !== null) index = live.findIndex((s) => s.id === row.reverses);
    else {
      for (let i = live.length - 1; i >= 0 && index < 0; i--) {
        const s = live[i]!;
        if (s.lineNo === row.lineNo && s.materialNo === row.materialNo && s.batchNo === row.batchNo) index = i;
      }
    }
    if (index >= 0) live.splice(index, 1);
  }
  return live;
}
