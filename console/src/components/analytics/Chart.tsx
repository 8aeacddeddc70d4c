import { useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ColumnHeads } from '../ui/ColumnHeads';
import { bucketText, cellLabel, planOf, yOf, type ChartQuery } from './chartPlan';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569'];
/** Up to this many buckets every value is drawn as a point too, so a bucket alone between gaps shows. */
const POINTS_UP_TO = 150;

/**
 * The result drawn with uPlot on a canvas, inside the element with role img and the name Chart; the
 * legend inside it names each series. Lines break at buckets without rows. A summary describes the
 * chart, and "Chart data" lists every bucket of every series (empty ones included) for screen readers.
 */
export function Chart({ columns, rows, query }: { columns: string[]; rows: unknown[][]; query?: ChartQuery }) {
  const ref = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const [dataOpen, setDataOpen] = useState(false);
  const plan = useMemo(() => planOf(columns, rows, query), [columns, rows, query]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !plan) return;
    const data: AlignedData = [
      plan.x,
      ...plan.series.map((s) => plan.x.map((_, i) => (s.values.has(i) ? yOf(s.values.get(i)) : null))),
    ];
    const bars = uPlot.paths.bars?.({ size: [0.6, 80] });
    /** With many buckets only values alone between gaps are drawn as points (a line needs two). */
    const lonely = (u: uPlot, si: number) => {
      const ys = Array.from(u.data[si] as ArrayLike<number | null | undefined>);
      return ys.flatMap((y, i) => (y != null && ys[i - 1] == null && ys[i + 1] == null ? [i] : []));
    };
    const opts: Options = {
      width: Math.max(300, el.clientWidth - 16),
      height: 280,
      // Buckets are UTC; so are their ticks.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
      scales: {
        x: plan.time
          ? // One bucket alone: a bucket's width either side, not the years uPlot would span.
            plan.x.length === 1
            ? { time: true, range: [2 * plan.x[0] - plan.next, plan.next] }
            : { time: true }
          : { time: false, range: [-0.5, plan.x.length - 0.5] },
        // Bars and counts read from zero.
        y: { range: (_u, min, max) => [Math.min(0, min ?? 0), (max ?? 0) > 0 ? max * 1.1 : 1] },
      },
      axes: [
        plan.time
          ? {}
          : {
              splits: () => plan.categories.map((c) => c.at),
              values: (_u, splits) => splits.map((s) => plan.categories.find((c) => c.at === s)?.label ?? ''),
              gap: 4,
            },
        { size: 60 },
      ],
      series: [
        { label: plan.time ? 'time' : plan.groups.join(' · ') || 'row' },
        ...plan.series.map((s, k) => ({
          label: s.label,
          stroke: COLORS[k % COLORS.length],
          fill: plan.time ? undefined : COLORS[k % COLORS.length] + '99',
          width: 2,
          spanGaps: false,
          ...(plan.time
            ? { points: plan.x.length <= POINTS_UP_TO ? { show: true } : { show: true, filter: lonely } }
            : { paths: bars, points: { show: false } }),
        })),
      ],
    };
    const plot = new uPlot(opts, data, el);
    // uPlot's legend is a table; it is a list of series, and the page's table is the result's.
    const legend = plot.root.querySelector('.u-legend');
    legend?.setAttribute('role', 'list');
    legend?.setAttribute('aria-label', 'Legend');
    legend?.querySelectorAll('tr').forEach((tr) => tr.setAttribute('role', 'listitem'));
    legend?.querySelectorAll('thead, tbody, th, td').forEach((cell) => cell.setAttribute('role', 'none'));
    return () => plot.destroy();
  }, [plan]);

  if (!plan) {
    return <p className="muted">Nothing to chart: the result has no numeric column.</p>;
  }
  const names = plan.series.map((s) => s.label);
  const shown = names.length > 8 ? `${names.slice(0, 8).join(', ')} and ${names.length - 8} more` : names.join(', ');
  const summary = plan.time
    ? `Time series of ${plan.measures.join(', ')}${plan.groups.length ? ` by ${plan.groups.join(', ')}` : ''}: ` +
      `${names.length} series (${shown}) ` +
      (plan.x.length === 1
        ? `in one bucket, ${bucketText(plan.x[0])}`
        : `over ${plan.x.length} buckets from ${bucketText(plan.x[0])} to ${bucketText(plan.x[plan.x.length - 1])}`) +
      (plan.emptyBuckets ? `; ${plan.emptyBuckets} without rows, where the lines break` : '') +
      (plan.omitted ? `; ${plan.omitted} more series not drawn` : '') +
      '.'
    : `Bar chart of ${plan.measures.join(', ')} over ${plan.groups.join(', ') || 'rows'}: ${names.length} series (${shown})` +
      (plan.omitted ? `; ${plan.omitted} more series not drawn` : '') +
      '.';
  return (
    <>
      <div ref={ref} className="chart" role="img" aria-label="Chart" aria-describedby={summaryId} />
      <p id={summaryId} className="muted">
        {summary}
      </p>
      {plan.time ? (
        <details open={dataOpen} onToggle={(e) => setDataOpen(e.currentTarget.open)}>
          <summary>Chart data</summary>
          {/* Built only when opened: it can be long, and the result's own table stays the page's one table. */}
          {dataOpen ? (
            <div className="table-wrap">
              <table>
                <caption className="sr-only">Chart data: each bucket of each series</caption>
                <ColumnHeads names={['time', ...names]} />
                <tbody>
                  {plan.x.map((t, i) => (
                    <tr key={t}>
                      <th scope="row">{bucketText(t)}</th>
                      {plan.series.map((s, k) => (
                        <td key={k}>{s.values.has(i) ? cellLabel(s.values.get(i)) : 'no rows'}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </details>
      ) : null}
    </>
  );
}
