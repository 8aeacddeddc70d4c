import { describe, expect, it } from 'vitest';
import { arrayParameter } from '../../src/db/sql';

describe('arrayParameter', () => {
  it('quotes every string, escapes backslashes and double quotes, and writes null and undefined as NULL', () => {
    expect(arrayParameter(['a', 'NULL', '', 'x,y', 'say "hi"', 'c:\\dir', null, undefined])).toBe(
      '{"a","NULL","","x,y","say \\"hi\\"","c:\\\\dir",NULL,NULL}',
    );
  });

  it('writes numbers as String(n) does, unquoted', () => {
    expect(arrayParameter([0, -3, 1.5, 1e21, 2.5e-7])).toBe('{0,-3,1.5,1e+21,2.5e-7}');
  });

  it('writes an empty array as {}', () => {
    expect(arrayParameter([])).toBe('{}');
  });

  it('declines any other element (a Date, a boolean, a nested array), leaving the array to node-postgres', () => {
    expect(arrayParameter(['a', new Date(0)])).toBeUndefined();
    expect(arrayParameter([true])).toBeUndefined();
    expect(arrayParameter([[1, 2]])).toBeUndefined();
  });
});
