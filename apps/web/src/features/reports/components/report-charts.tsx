import { useMemo } from 'react';
import { useMantineTheme, type MantineTheme } from '@mantine/core';
import uPlot from 'uplot';
import type { ExpiryReport, LedgerReport, ProductivityReport } from '@pharma/domain/contract/reports';
import { REPORTS_UI } from '../../../config/labels.ts';
import { dayTicks, expirySeries, hourTicks, ledgerChartName, ledgerSeries, paddedRange, productivitySeries } from '../chart-series.ts';
import { bucketName, formatCount } from '../report-columns.ts';
import { ReportChart, type ChartSpec } from './report-chart.tsx';

/**
 * The three charts of the reports: the expiry buckets as bars, the ledger's stock day by day as a line,
 * and the scans accepted and refused per hour as bars. Nothing to hover, zoom or drag (a handheld's finger
 * would scroll the page instead); counts start at 0 and tick in whole packs or scans; times are UTC, as
 * the reports count them.
 */
const HOUR = 3600;
const DAY = 24 * HOUR;
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6];
const HOUR_STEPS = [HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY];
const DAY_STEPS = [DAY, 2 * DAY, 7 * DAY, 14 * DAY, 28 * DAY, 91 * DAY, 182 * DAY, 364 * DAY];

const fromZero: uPlot.Scale.Range = (_u, _min, max) => uPlot.rangeNum(0, Math.max(max, 1), 0.1, true);

const COMMON: Pick<uPlot.Options, 'cursor' | 'select' | 'legend' | 'padding'> = {
  cursor: { show: false, drag: { x: false, y: false } },
  select: { show: false, left: 0, top: 0, width: 0, height: 0 },
  legend: { show: false },
  padding: [8, 8, 0, 0],
};

function axis(theme: MantineTheme, more: uPlot.Axis): uPlot.Axis {
  const line = { stroke: theme.colors.gray[3], width: 1 };
  return { stroke: theme.colors.gray[7], font: `12px ${theme.fontFamily}`, grid: line, ticks: line, ...more };
}

const countAxis = (theme: MantineTheme, side: uPlot.Axis.Side): uPlot.Axis =>
  axis(theme, { side, incrs: COUNT_STEPS, values: (_u, splits) => splits.map(formatCount), size: side === 2 ? 32 : 48 });

/** The packs per bucket of days left, one bar each, the buckets named on the left, soonest at the top. */
export function ExpiryChart({ report }: { report: ExpiryReport }) {
  const theme = useMantineTheme();
  const spec = useMemo((): ChartSpec => {
    const series = expirySeries(report);
    return {
      options: {
        ...COMMON,
        scales: {
          x: { time: false, ori: 1, dir: -1, range: [-0.5, series.x.length - 0.5] },
          y: { ori: 0, dir: 1, range: fromZero },
        },
        axes: [
          axis(theme, {
            side: 3,
            size: 96,
            splits: () => series.x,
            values: (_u, splits) => splits.map((i) => (series.buckets[i] ? bucketName(series.buckets[i]) : '')),
            grid: { show: false },
            ticks: { show: false },
          }),
          countAxis(theme, 2),
        ],
        series: [
          {},
          {
            label: REPORTS_UI.charts.packs,
            fill: theme.colors.blue[6],
            stroke: theme.colors.blue[6],
            // No outline: a bar of 0 draws nothing rather than a sliver (the figure below says 0).
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
      },
      data: [series.x, series.packs],
    };
  }, [report, theme]);
  return <ReportChart name={REPORTS_UI.charts.expiry} spec={spec} />;
}

/** The packs in stock at the end of each day of the period, all lines together, as a line. */
export function LedgerChart({ report }: { report: LedgerReport }) {
  const theme = useMantineTheme();
  const spec = useMemo((): ChartSpec => {
    const series = ledgerSeries(report);
    return {
      options: {
        ...COMMON,
        tzDate: (at) => uPlot.tzDate(new Date(at * 1000), 'Etc/UTC'),
        scales: { x: { time: true, range: paddedRange(series.x, DAY) }, y: { range: fromZero } },
        axes: [axis(theme, { incrs: DAY_STEPS, values: (_u, splits) => dayTicks(splits), space: 48 }), countAxis(theme, 3)],
        series: [
          {},
          {
            label: REPORTS_UI.charts.closing,
            stroke: theme.colors.blue[6],
            width: 2,
            fill: theme.colors.blue[0],
            points: { show: series.x.length <= 31, size: 6, fill: theme.colors.blue[6] },
          },
        ],
      },
      data: [series.x, series.closing],
    };
  }, [report, theme]);
  return <ReportChart name={ledgerChartName(report)} spec={spec} />;
}

/** The scans of each hour, accepted (left bar) and refused (right bar), every user and document type together. */
export function ProductivityChart({ report }: { report: ProductivityReport }) {
  const theme = useMantineTheme();
  const spec = useMemo((): ChartSpec => {
    const series = productivitySeries(report);
    const bars = (align: -1 | 1, color: string, label: string): uPlot.Series => ({
      label,
      fill: color,
      stroke: color,
      width: 0,
      paths: uPlot.paths.bars!({ size: [0.4, 16], align }),
      points: { show: false },
    });
    return {
      options: {
        ...COMMON,
        legend: { show: true, live: false },
        tzDate: (at) => uPlot.tzDate(new Date(at * 1000), 'Etc/UTC'),
        scales: { x: { time: true, range: paddedRange(series.x, HOUR) }, y: { range: fromZero } },
        axes: [axis(theme, { incrs: HOUR_STEPS, values: (_u, splits) => hourTicks(splits), space: 48, size: 44 }), countAxis(theme, 3)],
        series: [
          { label: REPORTS_UI.columns.hour },
          bars(-1, theme.colors.teal[6], REPORTS_UI.charts.accepted),
          bars(1, theme.colors.red[6], REPORTS_UI.charts.refused),
        ],
      },
      data: [series.x, series.accepted, series.refused],
    };
  }, [report, theme]);
  return <ReportChart name={REPORTS_UI.charts.productivity} spec={spec} />;
}
