import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, neutraliseCell } from './csv';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `'=HYPERLINK("http://evil.example","Click")`],
    ['+66 81 234 5678', `'+66 81 234 5678`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['   =cmd|"/c calc"!A1', `'   =cmd|"/c calc"!A1`],
    ['-', `'-`],
    ['--1', `'--1`],
    ['-1e3', `'-1e3`],
  ])('puts a quote before %j, which a spreadsheet would run', (cell, safe) => {
    expect(neutraliseCell(cell)).toBe(safe);
  });

  it.each(['SOMCHAI JAIDEE', 'สมชาย ใจดี', '1500.50', '-12.50', '-7', '0', '', 'a=b', 'x+y@z', "'=already"])(
    'leaves %j as it is',
    (cell) => {
      expect(neutraliseCell(cell)).toBe(cell);
    },
  );
});

describe('csvField and csvRecord', () => {
  it('quote separators, quotes and line breaks, after neutralising', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1,2')).toBe(`"'=1,2"`);
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
  });

  it('end records with CRLF', () => {
    expect(csvRecord(['id', '=x', '-3.25', ''])).toBe(`id,'=x,-3.25,\r\n`);
  });
});
