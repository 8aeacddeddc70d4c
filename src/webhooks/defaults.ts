/**
 * The values a webhook configuration gets for the fields a client leaves out; the
 * dispatcher falls back to the same ones for a configuration row that has none.
 */
export const WEBHOOK_DEFAULTS = {
  httpMethod: 'POST',
  timeoutMs: 3000,
  maxRetries: 3,
  backoffInitialSeconds: 5,
  backoffFactor: 2,
  enabled: true,
} as const;
