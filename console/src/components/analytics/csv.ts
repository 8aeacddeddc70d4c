import { cellText } from '../../format';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote, CR or LF; quotes doubled. */
function csvField(v: unknown): string {
  const s = cellText(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * A result as RFC 4180 CSV: a header row of the column names, then one record per row, each cell
 * written as the result table shows it, every line ended by CRLF.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [columns, ...rows].map((r) => r.map(csvField).join(',') + '\r\n').join('');
}
