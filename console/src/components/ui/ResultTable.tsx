import { cellText } from '../../format';
import { ColumnHeads } from './ColumnHeads';

/** Rows of a tabular answer under their column names, every cell as text. */
export function ResultTable({ columns, rows, caption }: { columns: string[]; rows: unknown[][]; caption: string }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads names={columns} />
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((v, j) => (
                <td key={j}>{cellText(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
