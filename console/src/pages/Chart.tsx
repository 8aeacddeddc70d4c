import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2'];

/** Which columns a result can be drawn from: the x axis (time or grouping) and the numeric series. */
function chartPlan(columns: string[], rows: unknown[][]) {
  const numeric = columns
    .map((c, i) => ({ c, i }))
    .filter(({ i }) => rows.length > 0 && rows.every((r) => r[i] === null || typeof r[i] === 'number'))
    .filter(({ c }) => c !== 'time');
  const timeIndex = columns.indexOf('time');
  const groupIndexes = columns.map((_, i) => i).filter((i) => i !== timeIndex && !numeric.some((n) => n.i === i));
  return { numeric, timeIndex, groupIndexes, drawable: numeric.length > 0 && rows.length > 0 };
}

/**
 * A time series (when the result has a `time` column) or a bar chart over the grouping columns,
 * drawn with uPlot on a canvas. The figure has role img and the name Chart (CONTRACT §12); its
 * description says what it shows, for screen readers.
 */
export function Chart({ columns, rows }: { columns: string[]; rows: unknown[][] }) {
  const ref = useRef<HTMLDivElement>(null);
  const plan = chartPlan(columns, rows);
  const isTime = plan.timeIndex >= 0;
  const labels = rows.map((r) =>
    isTime ? String(r[plan.timeIndex]) : plan.groupIndexes.map((i) => String(r[i] ?? '∅')).join(' · ') || '',
  );

  useEffect(() => {
    const el = ref.current;
    if (!el || !plan.drawable) return;
    const x = isTime ? rows.map((r) => new Date(String(r[plan.timeIndex])).getTime() / 1000) : rows.map((_, i) => i);
    const data: AlignedData = [x, ...plan.numeric.map(({ i }) => rows.map((r) => (r[i] as number | null) ?? null))];
    const bars = uPlot.paths.bars?.({ size: [0.6, 80] });
    const xs = rows.map((_, i) => i);
    const opts: Options = {
      width: Math.max(300, el.clientWidth - 16),
      height: 280,
      scales: {
        x: isTime ? { time: true } : { time: false, range: [-0.5, rows.length - 0.5] },
        // Bars and counts read from zero.
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        isTime ? {} : { splits: () => xs, values: (_u, splits) => splits.map((s) => labels[s] ?? ''), gap: 4 },
        { size: 60 },
      ],
      series: [
        { label: isTime ? 'time' : plan.groupIndexes.map((i) => columns[i]).join(' · ') || 'row' },
        ...plan.numeric.map(({ c }, k) => ({
          label: c,
          stroke: COLORS[k % COLORS.length],
          fill: isTime ? undefined : COLORS[k % COLORS.length] + '99',
          width: 2,
          ...(isTime ? { points: { show: rows.length < 60 } } : { paths: bars, points: { show: false } }),
        })),
      ],
    };
    const plot = new uPlot(opts, data, el);
    return () => plot.destroy();
  }, [columns, rows]);

  if (!plan.drawable) {
    return <p className="muted">Nothing to chart: the result has no numeric column.</p>;
  }
  const description = `${isTime ? 'Time series' : 'Bar chart'} of ${plan.numeric.map((n) => n.c).join(', ')} over ${
    isTime ? 'time' : plan.groupIndexes.map((i) => columns[i]).join(', ') || 'rows'
  }, ${rows.length} points`;
  return <div ref={ref} className="chart" role="img" aria-label="Chart" title={description} />;
}
