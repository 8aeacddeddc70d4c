import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleUpdateWebhookConfigDocument, ConsoleWebhookConfigsWithHealthDocument } from '../gql/graphql';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';
import { usePolling } from '../components/ui/usePolling';
import { DeleteWebhookDialog } from '../components/webhooks/DeleteWebhookDialog';
import { RotateSecretDialog } from '../components/webhooks/RotateSecretDialog';
import { TestSendDialog } from '../components/webhooks/TestSendDialog';
import type { WebhookConfig } from '../components/webhooks/types';
import { WebhookForm } from '../components/webhooks/WebhookForm';
import { WebhookTable } from '../components/webhooks/WebhookTable';

/** How often the list (and so each circuit's state) is read again while the page is open. */
const HEALTH_REFRESH_MS = 5000;

export function WebhooksPage() {
  const [list, refresh] = useQuery({
    query: ConsoleWebhookConfigsWithHealthDocument,
    variables: { page: 1, pageSize: 100 },
    requestPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<WebhookConfig | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookConfig | null>(null);
  const [rotating, setRotating] = useState<WebhookConfig | null>(null);
  const [testing, setTesting] = useState<WebhookConfig | null>(null);
  const [update, runUpdate] = useMutation(ConsoleUpdateWebhookConfigDocument);
  const items = list.data?.webhookConfigs.items ?? [];
  // Circuits open and close on their own: look again every few seconds while the page is open.
  usePolling(refresh, HEALTH_REFRESH_MS);

  const open = items.filter((c) => c.health.circuit !== 'CLOSED');

  return (
    <section aria-labelledby="webhooks-title">
      <div className="page-head">
        <h1 id="webhooks-title">Webhook configurations</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New webhook
        </button>
      </div>
      {editing ? (
        <WebhookForm
          config={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      <ErrorBox error={update.error} />
      <ErrorBox error={list.error} />
      {list.fetching && !list.data ? <Loading /> : null}
      {list.data && items.length === 0 ? (
        <Empty>No webhook configurations yet. Create one with “New webhook”.</Empty>
      ) : null}
      {open.length ? (
        <p className="alert-line">
          {open.length === 1 ? '1 configuration has' : `${open.length} configurations have`} an open circuit: its
          endpoint kept failing, so deliveries to it wait (retries are not spent) until a probe succeeds.
        </p>
      ) : null}
      {items.length ? (
        <WebhookTable
          items={items}
          onEdit={setEditing}
          onToggle={(c) => runUpdate({ id: c.id, input: { enabled: !c.enabled } })}
          onRotate={setRotating}
          onTest={setTesting}
          onDelete={setDeleting}
        />
      ) : null}
      {list.data && list.data.webhookConfigs.total > items.length ? (
        <p className="muted">
          Showing the newest {items.length} of {list.data.webhookConfigs.total}.
        </p>
      ) : null}
      {testing ? <TestSendDialog config={testing} onClose={() => setTesting(null)} /> : null}
      {deleting ? <DeleteWebhookDialog config={deleting} onClose={() => setDeleting(null)} /> : null}
      {rotating ? (
        <RotateSecretDialog
          config={rotating}
          onClose={() => {
            setRotating(null);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
    </section>
  );
}
