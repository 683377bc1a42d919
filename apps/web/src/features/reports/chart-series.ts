import type { ExpiryBucket, ExpiryReport, LedgerReport, ProductivityReport } from '@pharma/domain/contract/reports';
import { fillLabel, REPORTS_UI } from '../../config/labels.ts';

/**
 * A report's answer as the series its chart draws: x values, then one list of y values per series, of
 * the same length (the shape the chart library takes). Times are Unix seconds, read as UTC, as the
 * reports count their days and hours.
 */

/** 'YYYY-MM-DD' (that day's start) or 'YYYY-MM-DDTHH:00Z' (that hour's) as Unix seconds; null for anything else. */
export function unixSeconds(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?Z)?$/.exec(text);
  if (!match) return null;
  const [, y, m, d, hh = '0', mm = '0'] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm));
  return Number.isNaN(ms) ? null : ms / 1000;
}

/** The packs per bucket of days left, in the report's order (EXPIRY_BUCKETS): x is the bucket's place. */
export function expirySeries(report: ExpiryReport): { buckets: ExpiryBucket[]; x: number[]; packs: number[] } {
  return {
    buckets: report.buckets.map((b) => b.bucket),
    x: report.buckets.map((_, i) => i),
    packs: report.buckets.map((b) => b.packs),
  };
}

/** The stock at the end of each day of the period, in date order; a day the chart cannot place is left out. */
export function ledgerSeries(report: LedgerReport): { x: number[]; closing: number[] } {
  const days = report.days
    .map((d) => ({ at: unixSeconds(d.date), closing: d.closing }))
    .filter((d): d is { at: number; closing: number } => d.at !== null)
    .sort((a, b) => a.at - b.at);
  return { x: days.map((d) => d.at), closing: days.map((d) => d.closing) };
}

/** The scans accepted and refused in each hour, every user and document type together, in hour order. */
export function productivitySeries(report: ProductivityReport): { x: number[]; accepted: number[]; refused: number[] } {
  const hours = new Map<number, { accepted: number; refused: number }>();
  for (const row of report.rows) {
    const at = unixSeconds(row.hour);
    if (at === null) continue;
    const hour = hours.get(at) ?? { accepted: 0, refused: 0 };
    hour.accepted += row.accepted;
    hour.refused += row.refused;
    hours.set(at, hour);
  }
  const x = [...hours.keys()].sort((a, b) => a - b);
  return { x, accepted: x.map((at) => hours.get(at)!.accepted), refused: x.map((at) => hours.get(at)!.refused) };
}

/**
 * A time axis from half a step before the first value to half a step after the last, so the first and
 * last bar or point show whole and a single one stands in the middle (left to itself, the chart library
 * would stretch a lone value's axis over a day of milliseconds); none without values.
 */
export function paddedRange(x: readonly number[], step: number): [number, number] | undefined {
  if (x.length === 0) return undefined;
  return [Math.min(...x) - step / 2, Math.max(...x) + step / 2];
}

const two = (n: number) => String(n).padStart(2, '0');

/** A day tick of a chart over days: 'MM-DD' in UTC (the axis spans at most a few years, the table says the year). */
export function dayTicks(splits: readonly number[]): string[] {
  return splits.map((at) => {
    const d = new Date(at * 1000);
    return `${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
  });
}

/** An hour tick: 'HH:00' in UTC, with its day ('MM-DD') below the first tick and each tick of a new day. */
export function hourTicks(splits: readonly number[]): string[] {
  let lastDay = '';
  return splits.map((at) => {
    const d = new Date(at * 1000);
    const hour = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
    const [day = ''] = dayTicks([at]);
    const text = day === lastDay ? hour : `${hour}\n${day}`;
    lastDay = day;
    return text;
  });
}

/** The ledger chart's accessible name: what it draws and over which days (the first and last it has). */
export function ledgerChartName(report: LedgerReport): string {
  const dates = report.days.map((d) => d.date).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return REPORTS_UI.charts.ledger;
  return fillLabel(REPORTS_UI.charts.ledgerPeriod, { from: first, to: last });
}
