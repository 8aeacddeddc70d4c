/**
 * What a query result draws as, worked out from its columns and rows alone (no DOM): the x values
 * (time buckets or bar slots) and one series per measure and group.
 */
import { cellText } from '../../format';
import type { Granularity } from '../../gql/graphql';

/** More lines than this is no longer a readable chart; the table below the chart still has every row. */
const MAX_SERIES = 40;
/** Empty buckets filled in between rows; past this, one empty bucket per gap still breaks the line. */
const MAX_BUCKETS = 2000;

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

export interface Plan {
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
export function yOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}
/** A cell as text (format.ts's cellText), null as ∅: a label or a chart-data cell is never blank. */
export const cellLabel = (v: unknown) => (v === null || v === undefined ? '∅' : cellText(v));

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
export function planOf(columns: string[], rows: unknown[][], query: ChartQuery | undefined): Plan | undefined {
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

export const bucketText = (t: number) => {
  const iso = new Date(t * 1000).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
};
