/** The benchmark's queries: each as a Hookgate request and as the SQL a person would write for it. */
export interface BenchQuery {
  name: string;
  path: string;
  body: unknown;
}

export interface HandQuery {
  name: string;
  sql: string;
  values: unknown[];
}

export function hookgateQueries(): BenchQuery[] {
  return [
    {
      name: 'filtered aggregate (A1)',
      path: '/analytics/query',
      body: {
        entity: 'events',
        select: [
          { field: 'region' },
          { field: 'amount', agg: 'SUM', alias: 'total' },
          { agg: 'COUNT', alias: 'n' },
          { field: 'qty', agg: 'AVG', alias: 'avg_qty' },
        ],
        filter: {
          op: 'AND',
          conditions: [
            { field: 'status', op: 'IN', value: ['paid', 'refunded'] },
            { field: 'qty', op: 'GTE', value: 3 },
          ],
        },
      },
    },
    {
      name: 'DAY metric, 2 dimensions, 1 month (A4)',
      path: '/analytics/metrics/revenue/query',
      body: {
        dimensions: ['region', 'channel'],
        time: { granularity: 'DAY', range: { from: '2026-03-01', to: '2026-03-31' } },
        limit: 10000,
      },
    },
    {
      name: 'view with parameters (A6)',
      path: '/analytics/views/channel_totals/query',
      body: { params: { region: 'north', since: '2026-11-01T00:00:00Z' } },
    },
    {
      name: 'plain rows, filtered page (A1)',
      path: '/analytics/query',
      body: {
        entity: 'events',
        select: [{ field: 'id' }, { field: 'region' }, { field: 'amount' }, { field: 'created_at' }],
        filter: {
          op: 'AND',
          conditions: [
            { field: 'region', op: 'EQ', value: 'east' },
            { field: 'amount', op: 'GT', value: 900 },
          ],
        },
        limit: 100,
        offset: 100,
      },
    },
  ];
}

/** `table` is the quoted, schema-qualified table. */
export function handQueries(table: string): HandQuery[] {
  return [
    {
      name: 'filtered aggregate (A1)',
      sql: `SELECT region, sum(amount) AS total, count(*) AS n, avg(qty) AS avg_qty FROM ${table}
             WHERE status IN ($1, $2) AND qty >= $3 GROUP BY region ORDER BY region LIMIT 100`,
      values: ['paid', 'refunded', 3],
    },
    {
      name: 'DAY metric, 2 dimensions, 1 month (A4)',
      sql: `SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, region, channel, sum(amount) AS revenue FROM ${table}
             WHERE status = $1 AND created_at >= $2 AND created_at < $3
             GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LIMIT 10000`,
      values: ['paid', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'],
    },
    {
      name: 'view with parameters (A6)',
      sql: `SELECT channel, sum(amount) AS total, count(*) AS orders FROM ${table}
             WHERE region = $1 AND created_at >= $2 GROUP BY channel ORDER BY channel LIMIT 100`,
      values: ['north', '2026-11-01T00:00:00Z'],
    },
    {
      name: 'plain rows, filtered page (A1)',
      sql: `SELECT id, region, amount, created_at FROM ${table} WHERE region = $1 AND amount > $2 ORDER BY id LIMIT 100 OFFSET 100`,
      values: ['east', 900],
    },
  ];
}
