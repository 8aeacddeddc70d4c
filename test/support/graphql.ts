import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { FastifyInstance } from 'fastify';

export interface GraphQLResponse<T> {
  status: number;
  data: T | null | undefined;
  errors?: Array<{
    message: string;
    path?: string[];
    extensions?: { code?: string; details?: Array<{ field: string; message: string }> };
  }>;
}

/** Sends a typed operation (from test/generated, built from operations/*.graphql) to /graphql. */
export async function gqlRequest<T, V>(
  app: FastifyInstance,
  doc: TypedDocumentNode<T, V>,
  variables: V,
  headers: Record<string, string>,
): Promise<GraphQLResponse<T>> {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: { query: print(doc), variables },
  });
  const body = res.json();
  return { status: res.statusCode, data: body.data, errors: body.errors };
}

/** The error codes of a response, in order. */
export const codes = (r: GraphQLResponse<unknown>) => (r.errors ?? []).map((e) => e.extensions?.code);
