import { useMutation } from 'urql';
import { ConsoleDeleteWebhookConfigDocument } from '../../gql/graphql';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { WebhookConfig } from './types';

export function DeleteWebhookDialog({ config, onClose }: { config: WebhookConfig; onClose: () => void }) {
  const [res, run] = useMutation(ConsoleDeleteWebhookConfigDocument);
  const confirm = async () => {
    const r = await run({ id: config.id });
    if (!r.error) onClose();
  };
  return (
    <ConfirmDialog
      title="Delete this webhook?"
      confirmLabel="Delete"
      busy={res.fetching}
      error={res.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        {config.entityName} → <code>{config.webhookUrl}</code>. Its records stay listable; waiting ones will not be
        delivered.
      </p>
    </ConfirmDialog>
  );
}
