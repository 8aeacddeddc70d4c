import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleEventCatalogDocument, ConsoleSendTestDeliveryDocument } from '../../gql/graphql';
import { ErrorBox } from '../ui/ErrorBox';
import { TextField } from '../ui/TextField';
import { useModal } from '../ui/useModal';
import type { WebhookConfig } from './types';

/**
 * The `data` of the catalog's example for the entity (its INSERT, or an `$operations`
 * configuration's first kind, the one the server sends when no data is given), as editable JSON;
 * null while unknown.
 */
function useExampleData(config: WebhookConfig): string | null {
  const [catalog] = useQuery({ query: ConsoleEventCatalogDocument });
  if (!catalog.data) return catalog.error ? '' : null;
  const own = catalog.data.eventCatalog.filter((e) => e.entityName === config.entityName);
  const first = config.operationalEvents?.[0] ?? 'INSERT';
  const entry = own.find((e) => e.operation === first) ?? own[0];
  const data = (entry?.example as { data?: unknown } | undefined)?.data;
  return data === undefined ? '' : JSON.stringify(data, null, 2);
}

/** Reads the editor: blank is "let the server pick an example record"; otherwise a JSON object. */
function parseData(text: string): { data?: unknown; error?: string } {
  if (!text.trim()) return {};
  try {
    const data: unknown = JSON.parse(text);
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      return { error: 'Test data must be a JSON object.' };
    return { data };
  } catch {
    return { error: 'Test data is not valid JSON.' };
  }
}

/**
 * One request to the configuration's endpoint now (signed and shaped as a real delivery, with
 * `operation: "TEST"`): the receiver's answer is shown, nothing is queued. The data starts as the
 * event catalog's example record of the entity.
 */
export function TestSendDialog({ config, onClose }: { config: WebhookConfig; onClose: () => void }) {
  const { ref, close } = useModal();
  const example = useExampleData(config);
  const [edited, setEdited] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [res, run] = useMutation(ConsoleSendTestDeliveryDocument);
  const text = edited ?? example ?? '';
  const send = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseData(text);
    setInvalid(parsed.error ?? null);
    if (parsed.error) return;
    await run({ webhookConfigId: config.id, data: parsed.data ?? null });
  };
  const attempt = res.data?.sendTestDelivery;
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="test-send-title" className="wide">
      <h2 id="test-send-title">Send test</h2>
      <p>
        {config.entityName} → <code>{config.webhookUrl}</code>
        {config.enabled ? '' : ' (disabled: a test is sent all the same)'}
      </p>
      <form onSubmit={send} aria-label="Test send">
        <TextField
          label="Test data (JSON)"
          multiline
          rows={8}
          spellCheck={false}
          value={text}
          onChange={setEdited}
          hint="Sent as the payload's data, with operation TEST. Starts as the entity's example record; empty: the server's example."
        />
        {invalid ? <ErrorBox error={invalid} /> : null}
        <ErrorBox error={res.error} />
        <div className="buttons">
          <button type="submit" disabled={res.fetching}>
            {res.fetching ? 'Sending…' : 'Send'}
          </button>
          <button type="button" className="secondary" onClick={close}>
            Close
          </button>
        </div>
      </form>
      <section role="region" aria-label="Test result" aria-live="polite">
        {attempt ? (
          <dl className="facts">
            <dt>Status code</dt>
            <dd>{attempt.statusCode ?? 'no response'}</dd>
            <dt>Duration</dt>
            <dd>{attempt.durationMs} ms</dd>
            {attempt.error ? (
              <>
                <dt>Error</dt>
                <dd>{attempt.error}</dd>
              </>
            ) : null}
            <dt>Response body</dt>
            <dd>
              {attempt.responseBody ? (
                <pre className="body">{attempt.responseBody}</pre>
              ) : (
                <span className="muted">empty</span>
              )}
            </dd>
          </dl>
        ) : null}
      </section>
    </dialog>
  );
}
