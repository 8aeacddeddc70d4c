import crypto from 'node:crypto';
import { expect } from 'vitest';
import { CreateTriggerDocument, TriggerEventsDocument, type CreateTriggerInput } from '../generated/graphql';
import type { TestApp } from '../support/app';
import { gqlRequest, type GraphQLResponse } from '../support/graphql';

/** The client side of signing, written independently of the service: hex HMAC-SHA256 of `<ts>.<body>`. */
export function clientSignature(secret: string, timestamp: string, body: string | Buffer): string {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${text}`, 'utf8').digest('hex');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An intake request signed now with `secret` under the default headers (X-Timestamp, X-Signature). */
export function postSigned(t: TestApp, triggerId: string, secret: string, body: string) {
  const ts = String(nowSeconds());
  return t.app.inject({
    method: 'POST',
    url: `/linker/triggers/webhook/${triggerId}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': clientSignature(secret, ts, body),
    },
  });
}

/** A raw GraphQL request, for operations that are deliberately invalid (and so not in operations/). */
export async function rawGql(
  t: TestApp,
  headers: Record<string, string>,
  query: string,
): Promise<GraphQLResponse<Record<string, unknown>>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: { query },
  });
  const body = res.json();
  return { status: res.statusCode, data: body.data, errors: body.errors };
}

/** Creates a trigger for `tenant` through GraphQL and returns it. */
export async function createTrigger(t: TestApp, tenant: string, input: CreateTriggerInput) {
  const r = await gqlRequest(t.app, CreateTriggerDocument, { input }, await t.headers(tenant));
  expect(r.errors).toBeUndefined();
  return r.data!.createTrigger;
}

export async function listEvents(t: TestApp, tenant: string, triggerId: string, first?: number, after?: string | null) {
  return gqlRequest(t.app, TriggerEventsDocument, { triggerId, first, after }, await t.headers(tenant));
}
