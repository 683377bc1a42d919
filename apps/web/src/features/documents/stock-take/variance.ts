import { lineHasDifference } from '@pharma/domain';
import type { CountReason, LineReason, StockTakeDetails, StockTakeLine, StockTakeScope } from '@pharma/domain/contract/stock-takes';
import { fillLabel, STOCK_TAKE_UI as T } from '../../../config/labels.ts';

/** A line's key: its material and batch (a line without a batch has none). */
export function lineKey(line: { materialNo: string; batchNo: string | null }): string {
  return `${line.materialNo}\u0000${line.batchNo ?? ''}`;
}

/** Counted less expected, signed; undefined in a blind view (no expected figure). */
export function lineDifference(line: Pick<StockTakeLine, 'expected' | 'counted'>): number | undefined {
  return line.expected === undefined ? undefined : line.counted - line.expected;
}

/** A difference as the tables write it: +2, −3, 0 (the minus sign, not a hyphen). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '0';
}

/**
 * The lines the complete form asks a reason for: in the full view those with missing or found packs
 * (the domain's rule, the one the server applies); in a blind view every line counted, since the counter
 * cannot see which differ (a reason given for a line without a difference is ignored by the server).
 */
export function linesAskingReason(details: Pick<StockTakeDetails, 'view' | 'lines'>): StockTakeLine[] {
  if (details.view === 'blind') return details.lines;
  return details.lines.filter((l) => lineHasDifference({ missing: l.missing ?? [], found: l.found ?? [] }));
}

/** A reason as the form holds it: none picked yet (''), or one of the list, with OTHER's text. */
export interface ReasonDraft {
  materialNo: string;
  batchNo: string | null;
  reason: CountReason | '';
  text: string;
}

/** The reasons the complete request carries: those picked, OTHER with its text trimmed; blank material numbers left out. */
export function reasonsToSend(drafts: readonly ReasonDraft[]): LineReason[] {
  return drafts
    .filter((d) => d.reason !== '' && d.materialNo.trim() !== '')
    .map((d) => {
      const batchNo = d.batchNo?.trim() ? d.batchNo.trim() : null;
      const base = { materialNo: d.materialNo.trim(), batchNo, reason: d.reason as CountReason };
      return d.reason === 'OTHER' ? { ...base, text: d.text.trim() } : base;
    });
}

/** What a count counts, in words: the whole warehouse, a material (and batch), or what is under a pallet or carton. */
export function scopeText(scope: StockTakeScope): string {
  const parts: string[] = [];
  if (scope.materialNo) parts.push(fillLabel(T.scopeMaterial, { materialNo: scope.materialNo }));
  if (scope.batchNo) parts.push(fillLabel(T.scopeBatch, { batchNo: scope.batchNo }));
  if (scope.sscc) parts.push(fillLabel(T.scopeSscc, { sscc: scope.sscc }));
  return parts.length ? parts.join(', ') : T.wholeWarehouse;
}

/** The create request's scope from the form's fields: blanks left out, each trimmed. */
export function scopeOf(fields: { materialNo: string; batchNo: string; sscc: string }): StockTakeScope {
  const scope: StockTakeScope = {};
  if (fields.materialNo.trim()) scope.materialNo = fields.materialNo.trim();
  if (fields.batchNo.trim()) scope.batchNo = fields.batchNo.trim();
  if (fields.sscc.trim()) scope.sscc = fields.sscc.trim();
  return scope;
}

/** Packs counted on the count so far: the scan page's badge. */
export function countedPacks(lines: readonly Pick<StockTakeLine, 'counted'>[]): number {
  return lines.reduce((sum, l) => sum + l.counted, 0);
}
