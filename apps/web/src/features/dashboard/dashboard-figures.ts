import type { Application } from '@pharma/domain';
import type { DashboardReport } from '@pharma/domain/contract/reports';
import { DASHBOARD_UI, fillLabel } from '../../config/labels.ts';
import { REPORTS_PAGES, type ReportLink } from '../../config/navigation.ts';

export type FigureKey = keyof typeof DASHBOARD_UI.opens;

/** One figure as the home shows it: its number (undefined while unknown), its words, and the report it opens. */
export interface Figure {
  key: FigureKey;
  value: number | undefined;
  words: string;
  opens: string;
  to: string;
}

/**
 * Each figure, where the server reads it from (dashboard.ts) and the report its link opens with the same
 * filters, so that the number on the home and the report behind it cannot differ. Open documents are in
 * no report: they open the day's discrepancies, what open documents turn into when completed short (the
 * document lists of each family are the tiles on the same page).
 */
const FIGURES: readonly { key: FigureKey; value: (r: DashboardReport) => number; link: (day: string) => ReportLink }[] = [
  { key: 'expiring', value: (r) => r.expiringWithin30Days, link: (day) => ({ report: 'expiry', asOf: day }) },
  { key: 'quarantined', value: (r) => r.quarantinedPacks, link: () => ({ report: 'stock' }) },
  { key: 'openDocuments', value: (r) => r.openDocuments, link: (day) => ({ report: 'discrepancies', from: day, to: day }) },
  { key: 'scansToday', value: (r) => r.scansToday, link: (day) => ({ report: 'productivity', from: day, to: day }) },
];

/**
 * The server's day: the reports count whole UTC days (decision 0077), so before the answer (or without
 * one) the links read today in UTC, not the device's local day.
 */
export function serverDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The four figures from the answer, or without one (loading, failed) with no numbers and links still
 * good. The links carry the day the server counted, so the report opened is the one counted. The home
 * asks for every warehouse of the area, and so do the links (no warehouse in them).
 */
export function dashboardFigures(area: Application, report: DashboardReport | undefined, now: Date = new Date()): Figure[] {
  const day = report?.filters.asOf ?? serverDay(now);
  return FIGURES.map((f) => {
    const value = report ? f.value(report) : undefined;
    return {
      key: f.key,
      value,
      words: fillLabel(DASHBOARD_UI[f.key], { count: value === undefined ? '' : String(value) }),
      opens: DASHBOARD_UI.opens[f.key],
      to: REPORTS_PAGES.page(area, f.link(day)),
    };
  });
}
