import { ago, formatTime, fromNow } from '../../format';

/** A time as "5 min ago" (or "in 59 min"), the exact UTC time in its tooltip. */
export function Time({ iso, future }: { iso: string; future?: boolean }) {
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {future ? fromNow(iso) : ago(iso)}
    </time>
  );
}
