import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { ConsoleOutboxRecordsDocument, ConsoleWebhookConfigsDocument, type OutboxStatus } from '../gql/graphql';
import { navigate, usePath } from '../router';
import { OUTBOX_STATUSES } from '../enums';
import { createdBounds, DeliveryFilters } from '../components/deliveries/DeliveryFilters';
import { OutboxTable } from '../components/deliveries/OutboxTable';
import { RecordDetails } from '../components/deliveries/RecordDetails';
import { ReplayDead } from '../components/deliveries/ReplayDead';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';
import { usePolling } from '../components/ui/usePolling';

const PAGE_SIZE = 50;

/** The filters and the open record live in the address, so a link opens the same view. */
function setQuery(params: Record<string, string | undefined>) {
  const search = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(params)) {
    if (v) search.set(k, v);
    else search.delete(k);
  }
  const qs = search.toString();
  navigate(`/deliveries${qs ? `?${qs}` : ''}`);
}

const statusOf = (text: string | null): OutboxStatus | null => OUTBOX_STATUSES.find((s) => s === text) ?? null;

export function DeliveriesPage() {
  const { search } = usePath();
  const status = statusOf(search.get('status'));
  const configId = search.get('config') ?? null;
  const recordId = search.get('record');
  const requestId = search.get('request') ?? '';
  const createdFrom = search.get('from') ?? '';
  const createdTo = search.get('to') ?? '';
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const after = cursors[cursors.length - 1];
  useEffect(() => setCursors([null]), [status, configId, requestId, createdFrom, createdTo]);

  const [list, refresh] = useQuery({
    query: ConsoleOutboxRecordsDocument,
    variables: {
      status,
      webhookConfigId: configId,
      requestId: requestId || null,
      ...createdBounds(createdFrom, createdTo),
      first: PAGE_SIZE,
      after,
    },
    requestPolicy: 'cache-and-network',
  });
  const [configs] = useQuery({ query: ConsoleWebhookConfigsDocument, variables: { page: 1, pageSize: 100 } });
  // Deliveries move on their own: look again every 2 seconds while the page is open.
  usePolling(refresh, 2000);

  const configItems = configs.data?.webhookConfigs.items ?? [];
  const urlOf = new Map(configItems.map((c) => [c.id, c.webhookUrl]));
  const items = list.data?.outboxRecords.items ?? [];

  return (
    <section aria-labelledby="deliveries-title">
      <div className="page-head">
        <h1 id="deliveries-title">Deliveries</h1>
        <ReplayDead configId={configId} onDone={() => refresh({ requestPolicy: 'network-only' })} />
      </div>
      <DeliveryFilters
        status={status}
        configId={configId}
        requestId={requestId}
        createdFrom={createdFrom}
        createdTo={createdTo}
        configs={configItems}
        onChange={(filter) => setQuery({ ...filter, record: undefined })}
      />
      <ErrorBox error={list.error} />
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? (
        <Empty>
          No outbox records{status ? ` with status ${status}` : ''}
          {requestId || createdFrom || createdTo ? ' matching the search' : ''}.
        </Empty>
      ) : null}
      <div className="split">
        {items.length ? (
          <OutboxTable items={items} selected={recordId} urlOf={urlOf} onOpen={(id) => setQuery({ record: id })} />
        ) : null}
        {recordId ? <RecordDetails id={recordId} onClose={() => setQuery({ record: undefined })} /> : null}
      </div>
      <div className="buttons">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!list.data?.outboxRecords.nextCursor}
          onClick={() => setCursors((c) => [...c, list.data!.outboxRecords.nextCursor!])}
        >
          Older
        </button>
      </div>
    </section>
  );
}
