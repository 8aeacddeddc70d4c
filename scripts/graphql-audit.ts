/**
 * Runs graphql-http's server audits (GraphQL over HTTP spec compliance) against a running server:
 *   node -r ./scripts/register.js scripts/graphql-audit.ts http://127.0.0.1:4000/graphql
 * Exits non-zero when any audit is an error; prints counts per status. POST /graphql needs a token
 * before its body is read: GRAPHQL_AUDIT_TOKEN, when set, is sent as the bearer token.
 */
import { serverAudits } from 'graphql-http';

async function main() {
  const url = process.argv[2] ?? 'http://127.0.0.1:4000/graphql';
  const token = process.env.GRAPHQL_AUDIT_TOKEN;
  const audits = serverAudits({
    url,
    fetchFn: token
      ? (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
          const headers = new Headers(init?.headers);
          headers.set('authorization', `Bearer ${token}`);
          return fetch(input, { ...init, headers });
        }
      : undefined,
  });
  const counts: Record<string, number> = {};
  const errors: string[] = [];
  for (const audit of audits) {
    const result = await audit.fn();
    counts[result.status] = (counts[result.status] ?? 0) + 1;
    if (result.status === 'error') errors.push(`${audit.id} ${audit.name}: ${result.reason}`);
  }
  process.stdout.write(`graphql-http audits: ${JSON.stringify(counts)}\n`);
  for (const e of errors) process.stdout.write(`  error: ${e}\n`);
  process.exit(errors.length ? 1 : 0);
}

main().catch((err) => {
  process.stderr.write(`graphql-audit: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
