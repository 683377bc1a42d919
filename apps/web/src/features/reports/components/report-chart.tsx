import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Tall enough for six bars or a day's hours to read on a handheld, short enough to leave the table in view. */
const HEIGHT = 200;

export interface ChartSpec {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

/**
 * A chart drawn by uPlot (decision 0077) on a canvas as wide as its box, redrawn when the box changes
 * width (a phone turned, a window resized), so it fits 360 px. A canvas says nothing to a screen reader:
 * the box is an image named by `name`, and the figures it draws are in the table or boxes right below it.
 * The library is imported here only, so it loads with the Reports page's chunk and no other.
 */
export function ReportChart({ name, spec }: { name: string; spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const size = () => ({ width: Math.max(element.clientWidth, 1), height: HEIGHT });
    const chart = new uPlot({ ...spec.options, ...size() }, spec.data, element);
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      chart.setSize(size());
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [spec]);

  return (
    <div ref={box} role="img" aria-label={name} data-testid="report-chart" style={{ width: '100%', minWidth: 0, overflow: 'hidden' }} />
  );
}
