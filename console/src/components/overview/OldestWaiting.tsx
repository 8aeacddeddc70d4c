import { Link } from '../../router';
import { ago, formatTime } from '../../format';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { Loading } from '../ui/Loading';
import { StatusBadge } from '../ui/StatusBadge';
import { useOldestWaiting } from './useDeliveryStats';

/** The record that has waited longest for delivery, with a link to it. */
export function OldestWaiting() {
  const oldest = useOldestWaiting();
  return (
    <>
      <ErrorBox error={oldest.error} />
      {oldest.loading ? (
        <Loading />
      ) : oldest.oldest ? (
        <p>
          <StatusBadge status={oldest.oldest.status} /> {oldest.oldest.entityName} {oldest.oldest.operation}, created{' '}
          {formatTime(oldest.oldest.createdAt)} ({ago(oldest.oldest.createdAt)}), next attempt{' '}
          {formatTime(oldest.oldest.nextRetryAt)}.{' '}
          <Link to={`/deliveries?record=${encodeURIComponent(oldest.oldest.id)}`}>Open record</Link>
        </p>
      ) : (
        <Empty>Nothing is waiting: every record is delivered or dead.</Empty>
      )}
    </>
  );
}
