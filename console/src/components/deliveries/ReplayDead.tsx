import { useState } from 'react';
import { useMutation } from 'urql';
import { ConsoleReplayOutboxRecordsDocument } from '../../gql/graphql';
import { ErrorBox } from '../ui/ErrorBox';

/**
 * Bulk replay of DEAD records: every DEAD record of the tenant, or of the selected configuration,
 * put back in one call.
 */
export function ReplayDead({ configId, onDone }: { configId: string | null; onDone: () => void }) {
  const [res, run] = useMutation(ConsoleReplayOutboxRecordsDocument);
  const [message, setMessage] = useState<string | null>(null);
  const replay = async () => {
    setMessage(null);
    const r = await run({ filter: { status: ['DEAD'], ...(configId ? { webhookConfigId: configId } : {}) } });
    if (r.error || !r.data) return;
    const count = r.data.replayOutboxRecords;
    setMessage(`${count} dead ${count === 1 ? 'delivery' : 'deliveries'} put back to PENDING.`);
    onDone();
  };
  return (
    <div className="replay">
      <button type="button" onClick={replay} disabled={res.fetching}>
        Replay dead deliveries
      </button>
      {message ? (
        <span role="status" className="ok">
          {message}
        </span>
      ) : null}
      <ErrorBox error={res.error} />
    </div>
  );
}
