/** A status word (a delivery's, an intake event's action) coloured by its value. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}
