import { useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';

const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569'];
/** More lines than this is no longer a readable chart; the table below the chart still has every row. */
const MAX_SERIES = 40;
/** Empty buckets filled in between rows; past this, one empty bucket per gap still breaks the line. */
const MAX_BUCKETS = 2000;
/** Up to this many buckets every value is drawn as a point too, so a bucket alone between gaps shows. */
const POINTS_UP_TO = 150;

type Granularity = 'MINUTE' | 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';

/** The parts of the query that ran which say what each column is. */
export interface ChartQuery {
  select?: ReadonlyArray<{ field?: string | null; agg?: string | null; alias?: string | null }> | null;
  time?: { granularity?: Granularity | null } | null;
}

interface Series {
  label: string;
  /** The measure column the values come from. */
  column: number;
  /** x index → the cell as answered (a number, or the digits of a DECIMAL no double holds). */
  values: Map<number, unknown>;
}

interface Plan {
  time: boolean;
  /** x values: bucket starts in epoch seconds (every bucket from first to last), or bar slots. */
  x: number[];
  series: Series[];
  /** Series left out past MAX_SERIES. */
  omitted: number;
  /** Bar charts: where each category's label goes, and the label. */
  categories: Array<{ at: number; label: string }>;
  measures: string[];
  groups: string[];
  /** Time buckets between the first and the last in which no series has a row. */
  emptyBuckets: number;
  /** Time charts: the start of the bucket after the first one. */
  next: number;
}

const NUMBER_TEXT = /^[+-]?\d+(?:\.\d+)?$/;
const isNumeric = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && NUMBER_TEXT.test(v));
/** A y value; a DECIMAL beyond a double (answered as its digits) cannot be placed and is left out. */
function yOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
const cellLabel = (v: unknown) =>
  v === null || v === undefined ? '∅' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The start of the bucket after `t` (epoch seconds), counted in UTC like the buckets themselves. */
function nextBucket(t: number, g: Granularity): number {
  const d = new Date(t * 1000);
  switch (g) {
    case 'MINUTE':
      return t + 60;
    case 'HOUR':
      return t + 3600;
    case 'DAY':
      d.setUTCDate(d.getUTCDate() + 1);
      break;
    case 'WEEK':
      d.setUTCDate(d.getUTCDate() + 7);
      break;
    case 'MONTH':
      d.setUTCMonth(d.getUTCMonth() + 1);
      break;
    case 'QUARTER':
      d.setUTCMonth(d.getUTCMonth() + 3);
      break;
    case 'YEAR':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      break;
  }
  return d.getTime() / 1000;
}

/**
 * Every bucket from the first to the last, the ones without rows included (their values are null,
 * which breaks the line there). Past MAX_BUCKETS a gap gets only its first empty bucket: enough to
 * break the line without an unbounded axis.
 */
function timeAxis(present: number[], g: Granularity | undefined): number[] {
  if (!g) return present;
  const out: number[] = [];
  let budget = MAX_BUCKETS - present.length;
  present.forEach((t, k) => {
    out.push(t);
    const next = present[k + 1];
    if (next === undefined) return;
    let b = nextBucket(t, g);
    for (let first = true; b < next && (budget > 0 || first); first = false, budget--) {
      out.push(b);
      b = nextBucket(b, g);
    }
  });
  return out;
}

/**
 * What a result draws as: with a `time` column, one line per value combination of the grouping
 * columns (per measure, when there are several) over every bucket from first to last; otherwise bars,
 * one category per combination (or per row, without grouping columns). Measures are the aggregated
 * columns of the query; without aggregation, the numeric columns.
 */
function planOf(columns: string[], rows: unknown[][], query: ChartQuery | undefined): Plan | undefined {
  const granularity = query?.time?.granularity ?? undefined;
  const timeIndex = granularity ? 0 : query ? -1 : columns.indexOf('time');
  const offset = granularity ? 1 : 0;
  const select = query?.select ?? [];
  let measureIdx: number[] =
    select.some((s) => s.agg) && columns.length === offset + select.length
      ? select.flatMap((s, i) => (s.agg ? [offset + i] : []))
      : [];
  if (!measureIdx.length)
    measureIdx = columns
      .map((_, i) => i)
      .filter(
        (i) =>
          i !== timeIndex && rows.some((r) => r[i] !== null) && rows.every((r) => r[i] === null || isNumeric(r[i])),
      );
  if (!measureIdx.length || !rows.length) return undefined;
  const groupIdx = columns.map((_, i) => i).filter((i) => i !== timeIndex && !measureIdx.includes(i));

  // Value combinations of the grouping columns, in the order the result first shows them.
  const combos = new Map<string, { label: string; rows: unknown[][] }>();
  for (const r of rows) {
    const key = JSON.stringify(groupIdx.map((i) => r[i] ?? null));
    let c = combos.get(key);
    if (!c) combos.set(key, (c = { label: groupIdx.map((i) => cellLabel(r[i])).join(' · '), rows: [] }));
    c.rows.push(r);
  }
  const measures = measureIdx.map((i) => columns[i]);
  const groups = groupIdx.map((i) => columns[i]);
  const seriesLabel = (combo: string, m: number) =>
    !groups.length ? measures[m] : measures.length > 1 ? `${combo} · ${measures[m]}` : combo;

  if (timeIndex >= 0) {
    const at = (r: unknown[]) => Date.parse(String(r[timeIndex])) / 1000;
    const present = [...new Set(rows.map(at).filter((t) => Number.isFinite(t)))].sort((a, b) => a - b);
    const x = timeAxis(present, granularity);
    const index = new Map(x.map((t, i) => [t, i]));
    const series: Series[] = [];
    for (const c of combos.values())
      measureIdx.forEach((col, m) => {
        const values = new Map<number, unknown>();
        for (const r of c.rows) {
          const i = index.get(at(r));
          if (i !== undefined) values.set(i, r[col]);
        }
        series.push({ label: seriesLabel(c.label, m), column: col, values });
      });
    const drawn = series.slice(0, MAX_SERIES);
    const used = new Set(series.flatMap((s) => [...s.values.keys()]));
    return {
      time: true,
      x,
      series: drawn,
      omitted: series.length - drawn.length,
      categories: [],
      measures,
      groups,
      emptyBuckets: x.length - used.size,
      next: nextBucket(x[0], granularity ?? 'HOUR'),
    };
  }

  // Bars: each category (a combination, or a row without grouping columns) gets one slot per
  // measure, and an empty slot between categories when there are several measures.
  const stride = measures.length > 1 ? measures.length + 1 : 1;
  // Past MAX_SERIES combinations, one series per measure instead, labelled along the axis.
  const perCombination = groups.length > 0 && combos.size * measures.length <= MAX_SERIES;
  const cats = groups.length ? [...combos.values()] : rows.map((r, i) => ({ label: String(i + 1), rows: [r] }));
  const series: Series[] = [];
  if (perCombination)
    cats.forEach((c, k) =>
      measureIdx.forEach((col, m) => {
        const v = c.rows[0][col];
        series.push({ label: seriesLabel(c.label, m), column: col, values: new Map([[k * stride + m, v]]) });
      }),
    );
  else
    measureIdx.forEach((col, m) =>
      series.push({
        label: measures[m],
        column: col,
        values: new Map(cats.map((c, k) => [k * stride + m, c.rows[0][col]])),
      }),
    );
  const slots = cats.length * stride - (stride > 1 ? 1 : 0);
  const drawn = series.slice(0, MAX_SERIES);
  return {
    time: false,
    x: Array.from({ length: slots }, (_, i) => i),
    series: drawn,
    omitted: series.length - drawn.length,
    categories: cats.map((c, k) => ({ at: k * stride + (measures.length - 1) / (stride > 1 ? 2 : 1), label: c.label })),
    measures,
    groups,
    emptyBuckets: 0,
    next: 0,
  };
}

const bucketText = (t: number) => {
  const iso = new Date(t * 1000).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
};

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
                <thead>
                  <tr>
                    <th scope="col">time</th>
                    {plan.series.map((s, k) => (
                      <th key={k} scope="col">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
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
