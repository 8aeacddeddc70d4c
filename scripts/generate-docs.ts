import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import {
  DEFAULT_LIMIT,
  MAX_BATCH_METRICS,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  MAX_IN_VALUES,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_SELECT_ITEMS,
  MAX_STRING_VALUE,
} from '../src/query/model';
import { MAX_ENTITY_FIELDS } from '../src/catalog/model';
import { MAX_BACKOFF_SECONDS } from '../src/dispatcher/backoff';
import { KEPT_RESPONSE_BYTES } from '../src/dispatcher/deliver';
import { ERROR_STATUS, type ErrorCode } from '../src/errors';
import { MAX_URL_LENGTH } from '../src/http/framework-errors';
import { DEFAULT_PAGE, MAX_PAGE, MAX_REPLAY, REPLAY_BATCH } from '../src/outbox/service';
import { MAX_BATCH_RECORDS } from '../src/records/record-service';
import { RETENTION_BATCH } from '../src/retention/cleanup';
import { SETTINGS } from '../src/settings-catalog';
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX } from '../src/triggers/model';
import { DEFAULT_ROTATION_GRACE_SECONDS, MAX_ROTATION_GRACE_SECONDS } from '../src/webhooks/secrets';

/**
 * Rewrites the generated regions of docs/ from the code: `<!-- generated:NAME -->` … `<!--
 * /generated:NAME -->`. The error table comes from AppError's code→status map, the limits from the
 * constants the services enforce, the settings from src/settings-catalog.ts. CI regenerates and
 * fails when a committed document differs.
 */

const ROOT = path.join(__dirname, '..');
const DOCS = ['docs/api.md', 'docs/operations.md'];

/** When each code is answered; a code without a line here stops the generator. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  VALIDATION_FAILED:
    'A field is missing, has the wrong type or breaks a rule; a malformed JSON body, URL or percent-encoding; a path parameter over 256 characters.',
  TENANT_REQUIRED: '`X-Tenant-Id` is missing on an operation that needs it.',
  WEBHOOK_HEADERS_INVALID:
    '`headersJson` is not a JSON object of valid header names and string values, or sets `Host`, `Content-Length`, `Transfer-Encoding` or `Connection`.',
  INVALID_QUERY:
    'An analytics body names an unknown field, a wrong operator or value, a bad time range or limit; a statement timed out or (embedded database) is estimated too costly.',
  QUERY_TOO_COMPLEX: 'A GraphQL request over the alias, root-field or depth limit, or a response over its list budget.',
  UNAUTHENTICATED:
    'The bearer token is missing, malformed, expired, without `exp`, or badly signed; a portal token whose session expired or was revoked.',
  TRIGGER_SIGNATURE_INVALID: 'Intake: the signature is missing or wrong.',
  TRIGGER_TIMESTAMP_INVALID: 'Intake: the timestamp is missing, not an integer, or outside the skew window.',
  FORBIDDEN:
    'The token lacks the permission, or belongs to another tenant; a portal token naming anything outside its scope.',
  NOT_FOUND: 'No such route.',
  WEBHOOK_CONFIG_NOT_FOUND: 'The webhook configuration is unknown, deleted, or of another tenant.',
  TRIGGER_NOT_FOUND: 'The trigger (or trigger event) is unknown, disabled at intake, or of another tenant.',
  ENTITY_NOT_FOUND: 'No entity of that name for the tenant.',
  METRIC_NOT_FOUND: 'No metric of that name for the tenant.',
  VIEW_NOT_FOUND: 'No view of that name for the tenant.',
  OUTBOX_RECORD_NOT_FOUND: 'The outbox record id is unknown, malformed, or of another tenant.',
  RECORD_NOT_FOUND: 'No entity record with that primary-key value.',
  PORTAL_SESSION_NOT_FOUND: 'The portal session id is unknown, malformed, or of another tenant.',
  METHOD_NOT_ALLOWED: 'The route exists but not with this method.',
  REQUEST_TIMEOUT: 'Headers and body did not arrive within `REQUEST_TIMEOUT_MS`; the connection is closed.',
  CONFLICT: 'A name that must be unique exists already, or an INSERT meets an existing primary key.',
  PAYLOAD_TOO_LARGE: 'The body is over `BODY_LIMIT_BYTES`.',
  URI_TOO_LONG: 'The URL is longer than the limit below.',
  UNSUPPORTED_MEDIA_TYPE: 'A JSON route received another content type.',
  LIMIT_EXCEEDED: 'A quota would be exceeded; the message names it and nothing is written.',
  RATE_LIMITED: 'Over the tenant’s rate limit; `Retry-After` says when to try again.',
  REQUEST_HEADERS_TOO_LARGE: 'The request headers are over 16 KiB.',
  INTERNAL_ERROR: 'Anything unexpected (logged with the request id, never its text).',
  UNAVAILABLE:
    'The database is unreachable, a pooled connection was not free within `DB_CONNECTION_TIMEOUT_MS`, or the server is shutting down; portal sessions without `PORTAL_TOKEN_SECRET`.',
};

const n = (v: number) => v.toLocaleString('en-US');

/** What the services enforce, straight from their constants. */
const LIMITS: Array<[string, string, string]> = [
  [
    'Records in one write (REST, GraphQL, a RECORD trigger’s body)',
    `1..${n(MAX_BATCH_RECORDS)}`,
    'records/record-service.ts',
  ],
  ['Fields of one entity', `at most ${n(MAX_ENTITY_FIELDS)}`, 'catalog/model.ts'],
  ['`outboxRecords` page (`first`)', `default ${n(DEFAULT_PAGE)}, at most ${n(MAX_PAGE)}`, 'outbox/service.ts'],
  [
    '`triggerEvents` page (`first`)',
    `default ${n(EVENT_PAGE_DEFAULT)}, at most ${n(EVENT_PAGE_MAX)}`,
    'triggers/model.ts',
  ],
  ['Records one `replayOutboxRecords` call puts back', `at most ${n(MAX_REPLAY)}`, 'outbox/service.ts'],
  ['Records per bulk-replay statement', n(REPLAY_BATCH), 'outbox/service.ts'],
  ['Rows per retention statement', `at most ${n(RETENTION_BATCH)}`, 'retention/cleanup.ts'],
  ['Response body kept per attempt (`responseBody`)', `first ${n(KEPT_RESPONSE_BYTES)} bytes`, 'dispatcher/deliver.ts'],
  ['Longest wait between two attempts', `${n(MAX_BACKOFF_SECONDS)} s`, 'dispatcher/backoff.ts'],
  [
    '`rotateWebhookSecret` grace',
    `default ${n(DEFAULT_ROTATION_GRACE_SECONDS)} s, at most ${n(MAX_ROTATION_GRACE_SECONDS)} s`,
    'webhooks/secrets.ts',
  ],
  ['Analytics `limit`', `default ${n(DEFAULT_LIMIT)}, at most ${n(MAX_LIMIT)}`, 'query/model.ts'],
  ['Analytics `offset`', `at most ${n(MAX_OFFSET)}`, 'query/model.ts'],
  ['Analytics select items', `at most ${n(MAX_SELECT_ITEMS)}`, 'query/model.ts'],
  ['Analytics filter nesting', `at most ${n(MAX_FILTER_DEPTH)} levels`, 'query/model.ts'],
  ['Analytics filter conditions', `at most ${n(MAX_FILTER_CONDITIONS)}`, 'query/model.ts'],
  ['Values of one `IN` / `NOT_IN`', `at most ${n(MAX_IN_VALUES)}`, 'query/model.ts'],
  ['Length of one analytics string value', `at most ${n(MAX_STRING_VALUE)} characters`, 'query/model.ts'],
  ['Metrics in one batch query', `at most ${n(MAX_BATCH_METRICS)}`, 'query/model.ts'],
  ['Request URL', `at most ${n(MAX_URL_LENGTH)} characters`, 'http/framework-errors.ts'],
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(head: string[], rows: string[][]): string {
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n');
}

const GENERATORS: Record<string, () => string> = {
  errors: () => {
    const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
    const rows = codes
      .map((code) => [String(ERROR_STATUS[code]), `\`${code}\``, ERROR_MEANINGS[code]])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    return table(['HTTP', 'code', 'when'], rows);
  },
  limits: () =>
    table(
      ['limit', 'value', 'enforced in'],
      LIMITS.map(([what, value, file]) => [what, value, `\`src/${file}\``]),
    ),
  settings: () =>
    table(
      ['variable', 'default', 'meaning'],
      SETTINGS.map((s) => [`\`${s.name}\``, s.default, s.meaning]),
    ),
};

const REGION = /(<!-- generated:([a-z-]+) -->)\n[\s\S]*?\n?(<!-- \/generated:\2 -->)/g;

async function main(): Promise<void> {
  for (const code of Object.keys(ERROR_STATUS)) {
    if (!ERROR_MEANINGS[code as ErrorCode]) throw new Error(`no meaning for error code ${code}`);
  }
  const used = new Set<string>();
  const options = (await prettier.resolveConfig(path.join(ROOT, 'docs', 'api.md'))) ?? {};
  for (const doc of DOCS) {
    const file = path.join(ROOT, doc);
    const before = fs.readFileSync(file, 'utf8');
    const replaced = before.replace(REGION, (_all, open: string, name: string, close: string) => {
      const generate = GENERATORS[name];
      if (!generate) throw new Error(`${doc}: unknown generated region "${name}"`);
      used.add(name);
      return `${open}\n\n${generate()}\n\n${close}`;
    });
    const after = await prettier.format(replaced, { ...options, parser: 'markdown', filepath: file });
    if (after !== before) {
      fs.writeFileSync(file, after);
      process.stdout.write(`wrote ${doc}\n`);
    }
  }
  const unused = Object.keys(GENERATORS).filter((name) => !used.has(name));
  if (unused.length) throw new Error(`no region in docs/ for: ${unused.join(', ')}`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
