import { describe, expect, it } from 'vitest';
import { toCsv } from '../../console/src/components/analytics/csv';

/** A strict RFC 4180 reader, independent of the encoder: records of fields, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) throw new Error('unterminated quote');
          field += text.slice(i, q);
          i = q + 1;
          if (text[i] === '"') {
            field += '"';
            i++;
          } else break;
        }
      } else {
        const m = /[^,\r\n"]*/y;
        m.lastIndex = i;
        field = m.exec(text)![0];
        i += field.length;
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text.startsWith('\r\n', i)) {
        i += 2;
        break;
      }
      throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
    }
    records.push(record);
  }
  return records;
}

describe('CSV of a result', () => {
  it('writes a header row and CRLF-ended records, quoting only fields that need it', () => {
    expect(
      toCsv(
        ['region', 'revenue'],
        [
          ['eu', 15],
          ['us', 40.5],
        ],
      ),
    ).toBe('region,revenue\r\neu,15\r\nus,40.5\r\n');
  });

  it('quotes commas, quotes, CR and LF, doubling quotes, and reads back to the same cells', () => {
    const tricky = [
      'a,b',
      'say "hi"',
      '"',
      'line\nbreak',
      'carriage\rreturn',
      'both\r\n',
      ' padded ',
      '',
      'naïve ☃ 日本',
      "'=1+1",
    ];
    const csv = toCsv(
      ['text'],
      tricky.map((t) => [t]),
    );
    expect(csv.split('\r\n')[2]).toBe('"say ""hi"""');
    expect(csv).toContain('\r\n""""\r\n');
    expect(csv).toContain('"line\nbreak"');
    expect(csv).toContain('"carriage\rreturn"');
    expect(csv).toContain('\r\n padded \r\n');
    expect(parseCsv(csv)).toEqual([['text'], ...tricky.map((t) => [t])]);
  });

  it('writes cells as the result table does: null empty, numbers and booleans as text, JSON as JSON', () => {
    const csv = toCsv(
      ['id', 'n', 'big', 'ok', 'meta', 'gone'],
      [['x', -1.5e-7, '123456789012345678901234567890.5', false, { a: [1, 'b,c'] }, null]],
    );
    expect(parseCsv(csv)).toEqual([
      ['id', 'n', 'big', 'ok', 'meta', 'gone'],
      ['x', '-1.5e-7', '123456789012345678901234567890.5', 'false', '{"a":[1,"b,c"]}', ''],
    ]);
    expect(csv.split('\r\n')[1]).toBe('x,-1.5e-7,123456789012345678901234567890.5,false,"{""a"":[1,""b,c""]}",');
  });

  it('quotes a column name that needs it and writes a header alone for no rows', () => {
    expect(toCsv(['a,b', 'c"d'], [])).toBe('"a,b","c""d"\r\n');
  });
});
