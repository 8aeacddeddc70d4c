import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { ConsoleRotateWebhookSecretDocument } from '../../gql/graphql';
import { CopyButton } from '../ui/CopyButton';
import { ErrorBox } from '../ui/ErrorBox';
import { TextField } from '../ui/TextField';
import { useModal } from '../ui/useModal';
import { limitOf, type WebhookConfig } from './types';

const DAY = 86_400;

/**
 * Rotation with an overlap: the grace period is asked first; the new secret is then shown in the
 * dialog, once, with a copy button.
 */
export function RotateSecretDialog({ config, onClose }: { config: WebhookConfig; onClose: () => void }) {
  const { ref, close } = useModal();
  const [grace, setGrace] = useState(String(DAY));
  const [secret, setSecret] = useState<string | null>(null);
  const [res, run] = useMutation(ConsoleRotateWebhookSecretDocument);
  const rotate = async (e: FormEvent) => {
    e.preventDefault();
    const r = await run({ id: config.id, graceSeconds: limitOf(grace) });
    if (r.data) setSecret(r.data.rotateWebhookSecret);
  };
  const graceSeconds = limitOf(grace) ?? DAY;
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="rotate-title">
      <h2 id="rotate-title">Rotate secret</h2>
      <p>
        {config.entityName} → <code>{config.webhookUrl}</code> ({config.signatureScheme})
      </p>
      {secret === null ? (
        <form onSubmit={rotate}>
          <TextField
            label="Grace period (seconds)"
            type="number"
            min={0}
            max={2592000}
            value={grace}
            onChange={setGrace}
            autoFocus
            hint="The old secret keeps signing next to the new one for this long, so receivers can switch (86400 = one day, at most 2592000 = 30 days). 0 drops it at once."
          />
          <ErrorBox error={res.error} />
          <div className="buttons">
            <button type="submit" disabled={res.fetching}>
              Rotate
            </button>
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div role="status">
          <p>Shown only this once: give it to the receiver now.</p>
          <div className="field">
            <label htmlFor="rotated-secret">New secret</label>
            <input
              id="rotated-secret"
              className="secret"
              readOnly
              value={secret}
              onFocus={(e) => e.currentTarget.select()}
              spellCheck={false}
            />
          </div>
          <p className="muted">
            {graceSeconds > 0
              ? `For the next ${graceSeconds} s every delivery carries two signatures, one with each secret; then only the new one.`
              : 'The old secret no longer signs.'}
          </p>
          <div className="buttons">
            <CopyButton text={secret} label="Copy secret" />
            <button type="button" onClick={close}>
              Done
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
