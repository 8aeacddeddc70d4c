import { Time } from '../ui/Time';
import type { WebhookConfig } from './types';

/** The scheme, and whether deliveries are signed (two secrets while a rotation's grace lasts). */
export function SigningCell({ config: c }: { config: WebhookConfig }) {
  return (
    <>
      <code>{c.signatureScheme}</code>
      <br />
      {!c.hasSecret ? (
        <small className="muted">no secret: unsigned</small>
      ) : c.previousSecretExpiresAt ? (
        <small className="muted">
          old secret still signs, ends <Time iso={c.previousSecretExpiresAt} future />
        </small>
      ) : (
        <small className="muted">signed</small>
      )}
    </>
  );
}
