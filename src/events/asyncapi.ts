import type { EventType } from './catalog';

/** What the AsyncAPI document needs of a webhook configuration. */
export interface AsyncApiTarget {
  id: string;
  entityName: string;
  events: readonly string[];
  webhookUrl: string;
  httpMethod: string;
  enabled: boolean;
}

export interface AsyncApiInfo {
  tenantId: string;
  version: string;
  /** The delivery headers' prefix (WEBHOOK_HEADER_PREFIX). */
  headerPrefix: string;
}

/**
 * Component names allow letters, digits, `.`, `-` and `_`; entity names and operations already fit,
 * and the `$` of `$operations` becomes `hookgate-` (no entity name has a `-`).
 */
const componentName = (entityName: string, operation: string) =>
  `${entityName.replace(/^\$/, 'hookgate-')}.${operation}`;

/**
 * The AsyncAPI 3.0 document of a tenant's webhook configurations: one channel per configuration
 * (its address the target URL), one `send` operation each, and as messages the event catalog's
 * payload schemas of the configuration's entity and events. A configuration whose entity is not
 * defined has a channel without messages. Pure: the caller reads the configurations and catalog.
 */
export function asyncApiDocument(
  info: AsyncApiInfo,
  targets: readonly AsyncApiTarget[],
  catalog: readonly EventType[],
): Record<string, unknown> {
  const entries = new Map(catalog.map((e) => [componentName(e.entityName, e.operation), e]));
  const used = new Set<string>();
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};

  for (const target of targets) {
    const channelId = `webhook-${target.id}`;
    const names = target.events
      .map((operation) => componentName(target.entityName, operation))
      .filter((name) => entries.has(name));
    for (const name of names) used.add(name);
    channels[channelId] = {
      address: target.webhookUrl,
      title: `${target.entityName} → ${target.webhookUrl}`,
      description:
        `Webhook configuration ${target.id}: ${target.httpMethod} of ${target.entityName} changes ` +
        `(${target.events.join(', ')})${target.enabled ? '' : '; disabled'}.`,
      messages: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/messages/${name}` }])),
    };
    operations[`send-${target.id}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${channelId}` },
      summary: `Deliver ${target.entityName} changes to ${target.webhookUrl}`,
      messages: names.map((name) => ({ $ref: `#/channels/${channelId}/messages/${name}` })),
    };
  }

  const messages: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const name of [...used].sort()) {
    const entry = entries.get(name)!;
    schemas[name] = entry.schema;
    messages[name] = {
      name,
      title: `${entry.entityName} ${entry.operation}`,
      contentType: 'application/json',
      headers: { $ref: '#/components/schemas/DeliveryHeaders' },
      payload: { $ref: `#/components/schemas/${name}` },
      examples: [{ name: 'example', payload: entry.example }],
    };
  }
  const p = info.headerPrefix;
  schemas.DeliveryHeaders = {
    type: 'object',
    description: `Headers of every delivery (with the STANDARD_WEBHOOKS scheme the webhook-* headers replace the X-${p}-* ones)`,
    properties: {
      'Content-Type': { const: 'application/json' },
      [`X-${p}-Request-Id`]: { type: 'string', description: "The payload's requestId: the idempotency key" },
      [`X-${p}-Timestamp`]: { type: 'string', description: 'Unix seconds of the attempt' },
      [`X-${p}-Signature`]: { type: 'string', description: 'v1=<base64>, only with a secret' },
    },
  };

  return {
    asyncapi: '3.0.0',
    info: {
      title: `Hookgate webhooks of tenant ${info.tenantId}`,
      version: info.version,
      description: "Every change delivered to the tenant's webhook configurations, one channel per configuration.",
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { schemas, messages },
  };
}
