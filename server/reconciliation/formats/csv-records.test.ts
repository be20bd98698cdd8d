import { describe, expect, it } from 'vitest';
import { readCsvRecords } from './csv-records';

const limits = { maxRecords: 100, maxRecordChars: 200 };
const read = (text: string) => readCsvRecords(text, limits);

describe('readCsvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, keeping each record’s text', () => {
    const text = 'a,b,c\r\n"1,5","say ""hi""","two\nlines"\r\nx,,\n';
    expect(read(text)).toEqual({
      records: [
        { line: 1, fields: ['a', 'b', 'c'], text: 'a,b,c' },
        { line: 2, fields: ['1,5', 'say "hi"', 'two\nlines'], text: '"1,5","say ""hi""","two\nlines"' },
        { line: 4, fields: ['x', '', ''], text: 'x,,' },
      ],
      problems: [],
    });
  });

  it('ends records at CRLF, LF or CR and drops blank lines', () => {
    const { records } = read('a\r\n\r\nb\rc\n  \nd');
    expect(records.map((record) => [record.line, record.text])).toEqual([
      [1, 'a'],
      [3, 'b'],
      [4, 'c'],
      [6, 'd'],
    ]);
  });

  it('refuses a stray quote in its record only and reads on at the next line', () => {
    const { records, problems } = read('a,b\nx,ab"c\n"q"z,1\nok,1');
    expect(records.map((record) => record.text)).toEqual(['a,b', 'ok,1']);
    expect(problems).toEqual([
      {
        where: 'line 2, column 2',
        message: expect.stringMatching(/^A quote inside an unquoted field/) as string,
      },
      {
        where: 'line 3, column 1',
        message: expect.stringMatching(/^Text follows the closing quote/) as string,
      },
    ]);
  });

  it('stops at a quote that is never closed', () => {
    const { records, problems } = read('a,b\n1,"open\n2,3\n4,5');
    expect(records).toHaveLength(1);
    expect(problems).toEqual([
      { where: 'line 2, column 2', message: 'A quoted field starts here and is never closed.' },
    ]);
  });

  it('refuses a huge record and stops past the record limit', () => {
    const { records, problems } = read(`a\n${'x'.repeat(201)}\nb`);
    expect(records.map((record) => record.text)).toEqual(['a', 'b']);
    expect(problems).toEqual([{ where: 'line 2', message: 'The record is longer than 200 characters.' }]);

    const many = readCsvRecords('h\n1\n2\n3\n4', { maxRecords: 3, maxRecordChars: 10 });
    expect(many.records).toHaveLength(3);
    expect(many.problems).toEqual([
      { where: 'line 4', message: 'More than 2 rows: split the statement into smaller files.' },
    ]);
  });
});
