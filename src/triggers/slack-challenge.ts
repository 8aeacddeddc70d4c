/** Longer than any challenge Slack sends; a body past it is not a handshake. */
const MAX_HANDSHAKE_BYTES = 4096;

/**
 * The `challenge` of a Slack Events API URL-verification request (`{"type":"url_verification",
 * "challenge":"…"}`), or null for any other body. Slack sends it, signed like every request, when
 * an Event Subscriptions URL is entered, and accepts the URL only once the answer echoes the
 * challenge: without this, a SLACK trigger could not be subscribed to events at all.
 * https://api.slack.com/events/url_verification
 */
export function slackChallenge(body: Buffer): string | null {
  if (body.length > MAX_HANDSHAKE_BYTES || !body.includes('url_verification')) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const { type, challenge } = doc as { type?: unknown; challenge?: unknown };
  return type === 'url_verification' && typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
}
