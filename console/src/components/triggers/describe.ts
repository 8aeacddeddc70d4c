import type { ConsoleTriggerFragment, TriggerSignatureScheme } from '../../gql/graphql';
import { signingExample as buildSigningExample } from '../../examples';

export type Trigger = ConsoleTriggerFragment;

/** Who signs this way, and the headers a trigger of the scheme reads. */
export const SCHEME_SENDER: Record<TriggerSignatureScheme, string> = {
  HMAC_HEX: 'Hex HMAC-SHA256 of "<timestamp>.<body>"',
  STANDARD_WEBHOOKS:
    'Standard Webhooks senders (Svix and others): webhook-id, webhook-timestamp and webhook-signature (v1,<base64>)',
  GITHUB: "GitHub's X-Hub-Signature-256 (sha256=<hex HMAC of the body>; no timestamp), X-GitHub-Delivery as replay key",
  STRIPE: 'Stripe\'s Stripe-Signature header (t=<timestamp>,v1=<hex HMAC of "<t>.<body>">)',
  SLACK: 'Slack\'s X-Slack-Request-Timestamp and X-Slack-Signature (v0=<hex HMAC of "v0:<ts>:<body>">)',
  HOOKGATE_V1:
    "Another Hookgate's deliveries: X-Hookgate-Timestamp, X-Hookgate-Signature (v1=<base64>) and X-Hookgate-Request-Id (the prefix is WEBHOOK_HEADER_PREFIX)",
};

export function intakeUrl(id: string): string {
  return `${window.location.origin}/linker/triggers/webhook/${encodeURIComponent(id)}`;
}

/** The trigger's signing example, every value quoted for the shell (examples.ts). */
export function signingExample(t: Trigger): string {
  return buildSigningExample(t, { url: intakeUrl(t.id) });
}

export function signingText(t: Trigger): string {
  if (!t.hasWebhookSecret) return 'Not signed: anyone with the URL can post to it.';
  if (t.signatureScheme === 'HMAC_HEX') {
    return `Signed (HMAC_HEX): hex HMAC-SHA256 of "<timestamp>.<body>" in ${t.webhookSignatureHeader}, Unix seconds in ${t.webhookTimestampHeader}, within ${t.webhookMaxSkewSeconds} s.`;
  }
  const skew = t.signatureScheme === 'GITHUB' ? '' : `, timestamp within ${t.webhookMaxSkewSeconds} s`;
  return `Signed (${t.signatureScheme}): expects ${SCHEME_SENDER[t.signatureScheme]}${skew}.`;
}

export function actionText(t: Trigger): string {
  if (t.action !== 'RECORD') return 'Action STORE: each accepted request is stored as an event.';
  const map = t.recordFieldMap ? `field map ${JSON.stringify(t.recordFieldMap)}` : "the body's keys that name fields";
  return `Action RECORD: each accepted request also writes ${t.recordEntity} records (${t.recordOperation}, ${map}).`;
}
