/**
 * The copyable shell examples the console shows. Every value that comes from data (URL, header
 * names, secret, body) goes through `shellQuote`, so pasting an example runs nothing but the
 * example whatever those values hold. Plain TypeScript (no DOM, no React): tests run the text in bash.
 */
import type { TriggerSignatureScheme } from './gql/graphql';

/** One shell word holding exactly `value`: single quotes, each `'` written as `'\''`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export type ExampleScheme = TriggerSignatureScheme;

/** What an example needs to know about a trigger. */
export interface ExampleTrigger {
  hasWebhookSecret: boolean;
  signatureScheme: ExampleScheme;
  webhookTimestampHeader: string;
  webhookSignatureHeader: string;
}

export interface ExampleValues {
  /** The trigger's intake URL. */
  url: string;
  /** Default: a placeholder the reader replaces. */
  secret?: string;
  /** Default: a small JSON object. */
  body?: string;
  /** WEBHOOK_HEADER_PREFIX of the receiving server, for HOOKGATE_V1 (default Hookgate). */
  headerPrefix?: string;
}

const HEX_HMAC = `openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //'`;
const BASE64_HMAC = `openssl dgst -sha256 -hmac "$SECRET" -binary | openssl base64 -A`;
const DEFAULT_BODY = '{"hello":"world"}';

/** `-H 'Name: <fixed>'"$VAR"`: the name and fixed text quoted, the variable expanded (never evaluated). */
const header = (name: string, fixed: string, variable: string) =>
  `  -H ${shellQuote(`${name}: ${fixed}`)}"${variable}" \\`;

/**
 * A bash script (openssl, curl) that signs a body the way this trigger checks it and posts it.
 * Runnable as shown once the secret is filled in. `--data-raw` sends the body as it is (`-d`
 * would read a file for a body that starts with `@`).
 */
export function signingExample(t: ExampleTrigger, values: ExampleValues): string {
  const url = shellQuote(values.url);
  const bodyText = values.body ?? DEFAULT_BODY;
  if (!t.hasWebhookSecret) {
    return `curl -sS -X POST ${url} -H 'Content-Type: application/json' --data-raw ${shellQuote(bodyText)}`;
  }
  const secretText =
    values.secret ??
    (t.signatureScheme === 'STANDARD_WEBHOOKS' ? '<the trigger secret, whsec_…>' : '<the trigger secret>');
  const setup = [`SECRET=${shellQuote(secretText)}`, `BODY=${shellQuote(bodyText)}`];
  const post = [`curl -sS -X POST ${url} \\`, `  -H 'Content-Type: application/json' \\`];
  const send = `  --data-raw "$BODY"`;
  switch (t.signatureScheme) {
    case 'GITHUB':
      return [
        ...setup,
        `SIG=$(printf '%s' "$BODY" | ${HEX_HMAC})`,
        `DELIVERY=$(openssl rand -hex 16)`,
        ...post,
        `  -H 'X-GitHub-Event: ping' \\`,
        header('X-GitHub-Delivery', '', '$DELIVERY'),
        header('X-Hub-Signature-256', 'sha256=', '$SIG'),
        send,
      ].join('\n');
    case 'STRIPE':
      return [
        ...setup,
        `TS=$(date +%s)`,
        `SIG=$(printf '%s.%s' "$TS" "$BODY" | ${HEX_HMAC})`,
        ...post,
        `  -H "Stripe-Signature: t=$TS,v1=$SIG" \\`,
        send,
      ].join('\n');
    case 'SLACK':
      return [
        ...setup,
        `TS=$(date +%s)`,
        `SIG=$(printf 'v0:%s:%s' "$TS" "$BODY" | ${HEX_HMAC})`,
        ...post,
        header('X-Slack-Request-Timestamp', '', '$TS'),
        header('X-Slack-Signature', 'v0=', '$SIG'),
        send,
      ].join('\n');
    case 'STANDARD_WEBHOOKS':
      return [
        ...setup,
        `MSG_ID="msg_$(openssl rand -hex 12)"`,
        `TS=$(date +%s)`,
        `# The key is the base64 after whsec_ (a secret without that prefix is its own key).`,
        `case "$SECRET" in`,
        `  whsec_*) KEY=$(printf '%s' "\${SECRET#whsec_}" | openssl base64 -d -A | od -An -tx1 | tr -d ' \\n') ;;`,
        `  *) KEY=$(printf '%s' "$SECRET" | od -An -tx1 | tr -d ' \\n') ;;`,
        `esac`,
        `SIG=$(printf '%s.%s.%s' "$MSG_ID" "$TS" "$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | openssl base64 -A)`,
        ...post,
        header('webhook-id', '', '$MSG_ID'),
        header('webhook-timestamp', '', '$TS'),
        header('webhook-signature', 'v1,', '$SIG'),
        send,
      ].join('\n');
    case 'HOOKGATE_V1': {
      const prefix = values.headerPrefix ?? 'Hookgate';
      return [
        ...setup,
        `REQUEST_ID=$(openssl rand -hex 16)`,
        `TS=$(date +%s)`,
        `SIG=$(printf '%s.%s' "$TS" "$BODY" | ${BASE64_HMAC})`,
        `# X-${prefix}-*: the prefix is the receiving server's WEBHOOK_HEADER_PREFIX.`.replace(/\n/g, ' '),
        ...post,
        header(`X-${prefix}-Request-Id`, '', '$REQUEST_ID'),
        header(`X-${prefix}-Timestamp`, '', '$TS'),
        header(`X-${prefix}-Signature`, 'v1=', '$SIG'),
        send,
      ].join('\n');
    }
    default:
      return [
        ...setup,
        `TS=$(date +%s)`,
        `SIG=$(printf '%s.%s' "$TS" "$BODY" | ${HEX_HMAC})`,
        ...post,
        header(t.webhookTimestampHeader, '', '$TS'),
        header(t.webhookSignatureHeader, 'sha256=', '$SIG'),
        send,
      ].join('\n');
  }
}
