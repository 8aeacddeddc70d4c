import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { useMemo } from 'react';
import type { Session } from '../session';

type Params = { query: string; variables?: unknown; operationName?: string | null };

/**
 * GraphiQL from npm, served by Hookgate itself (works offline), with this session's Authorization
 * and X-Tenant-Id already set. Headers typed in GraphiQL's own editor win over them.
 */
export default function GraphQLPage({ session, send }: { session: Session; send: typeof fetch }) {
  const fetcher = useMemo(() => {
    return async (params: Params, opts?: { headers?: Record<string, unknown> }) => {
      const res = await send('/graphql', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/graphql-response+json, application/json',
          ...((opts?.headers ?? {}) as Record<string, string>),
        },
        body: JSON.stringify(params),
      });
      return res.json();
    };
  }, [send]);
  const defaultQuery = `# This IDE sends the session's Authorization and X-Tenant-Id (${session.tenantId}) with every request.
query RecentDeliveries {
  outboxRecords(first: 10) {
    items {
      id
      entityName
      status
      lastError
    }
  }
}
`;
  return (
    <section className="graphiql-page" aria-label="GraphQL IDE">
      <GraphiQL fetcher={fetcher} defaultQuery={defaultQuery} shouldPersistHeaders={false} />
    </section>
  );
}
