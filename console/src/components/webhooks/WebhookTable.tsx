import { navigate } from '../../router';
import { ColumnHeads } from '../ui/ColumnHeads';
import { ControlsCell } from './ControlsCell';
import { HealthCell } from './HealthCell';
import { SigningCell } from './SigningCell';
import type { WebhookConfigWithHealth } from './types';

const HEADS = [
  'Entity',
  'URL',
  'Events',
  'State',
  'Signing',
  'Delivery control',
  'Health',
  <span className="sr-only">Actions</span>,
];

type Act = (c: WebhookConfigWithHealth) => void;

/** The configurations, one row each with its health and the actions on it; an open circuit's row is red. */
export function WebhookTable({
  items,
  onEdit,
  onToggle,
  onRotate,
  onTest,
  onDelete,
}: {
  items: WebhookConfigWithHealth[];
  onEdit: Act;
  onToggle: Act;
  onRotate: Act;
  onTest: Act;
  onDelete: Act;
}) {
  return (
    <table>
      <caption className="sr-only">Webhook configurations</caption>
      <ColumnHeads names={HEADS} />
      <tbody>
        {items.map((c) => (
          <tr key={c.id} className={c.health.circuit === 'OPEN' ? 'row-alert' : undefined}>
            <td>{c.entityName}</td>
            <td className="url">{c.webhookUrl}</td>
            <td>
              {(c.operationalEvents ?? c.events).join(', ')}
              {c.filter || c.changedFields ? <div className="muted">filtered</div> : null}
            </td>
            <td>{c.enabled ? 'enabled' : 'disabled'}</td>
            <td>
              <SigningCell config={c} />
            </td>
            <td>
              <ControlsCell config={c} />
            </td>
            <td>
              <HealthCell health={c.health} />
            </td>
            <td className="actions">
              <button type="button" className="secondary" onClick={() => onEdit(c)}>
                Edit
              </button>
              <button type="button" className="secondary" onClick={() => onToggle(c)}>
                {c.enabled ? 'Disable' : 'Enable'}
              </button>
              <button type="button" className="secondary" onClick={() => onRotate(c)}>
                Rotate secret
              </button>
              <button type="button" className="secondary" onClick={() => onTest(c)}>
                Send test
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => navigate(`/deliveries?config=${encodeURIComponent(c.id)}`)}
              >
                Records
              </button>
              <button type="button" className="danger" onClick={() => onDelete(c)}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
