import { cacheExchange, type Cache, type Data, type UpdateResolver } from '@urql/exchange-graphcache';
import { Client, fetchExchange } from 'urql';

/** Drops every cached answer of a root query field, so the lists that show it ask again. */
function refetch(...fields: string[]): UpdateResolver {
  return (_result, _args, cache: Cache) => {
    for (const f of cache.inspectFields('Query')) {
      if (fields.includes(f.fieldName)) cache.invalidate('Query', f.fieldKey);
    }
  };
}

const byName = (data: Data) => (typeof data.name === 'string' ? data.name : null);
const embedded = () => null;

/**
 * urql with graphcache: a normalised cache keyed by `__typename:id`. Outbox record ids are unique
 * across tenants; the cache lives as long as one session (one tenant) anyway, and a
 * new session makes a new client. `send` is the session's fetch (sessionFetch).
 */
export function createClient(send: typeof fetch): Client {
  return new Client({
    url: '/graphql',
    preferGetMethod: false,
    fetch: send,
    exchanges: [
      cacheExchange({
        keys: {
          Entity: byName,
          Metric: byName,
          View: byName,
          EntityField: embedded,
          ViewParameter: embedded,
          ViewSelectItem: embedded,
          DeliveryAttempt: embedded,
          OutboxRecordPage: embedded,
          WebhookConfigPage: embedded,
          TriggerEventPage: embedded,
          TriggerEvent: (d) => (typeof d.id === 'string' ? d.id : null),
          TabularResult: embedded,
          WriteResult: embedded,
          WebhookHealth: embedded,
        },
        updates: {
          Mutation: {
            createWebhookConfig: refetch('webhookConfigs'),
            deleteWebhookConfig: refetch('webhookConfigs'),
            createTrigger: refetch('triggers'),
            deleteTrigger: refetch('triggers'),
            defineEntity: refetch('entities'),
            dropEntity: refetch('entities', 'metrics', 'views'),
            insertRecords: refetch('entityQuery', 'outboxRecords'),
            upsertRecords: refetch('entityQuery', 'outboxRecords'),
            redeliverOutboxRecord: refetch('outboxRecords'),
            replayOutboxRecords: refetch('outboxRecords'),
            // It answers only the new secret: the configuration's hasSecret and grace end changed.
            rotateWebhookSecret: (_result, args, cache) => {
              cache.invalidate({ __typename: 'WebhookConfig', id: args.id as string });
            },
          },
        },
      }),
      fetchExchange,
    ],
  });
}
