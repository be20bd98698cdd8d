import { describe, expect, it } from 'vitest';
import type { StatementMapping } from '@/lib/statements';
import { resolveCsvMapping } from './csv-mapping';
import { mappedCsvSteps } from './csv-mapped';
import { runToEnd } from './steps';

const read = (mapping: StatementMapping, text: string) =>
  runToEnd(
    mappedCsvSteps(text, {
      mapping: resolveCsvMapping(mapping)!,
      defaultCurrency: 'THB',
      timeZone: '+07:00',
    }),
  );

describe('resolveCsvMapping', () => {
  it('is our own layout without preset or columns, or with the generic preset', () => {
    expect(resolveCsvMapping({})).toBeUndefined();
    expect(resolveCsvMapping({ preset: 'generic' })).toBeUndefined();
  });

  it('takes a preset and replaces what the columns name, money in by its kind', () => {
    const mapping = resolveCsvMapping({ preset: 'kbank-th', columns: { amount: 'Net', note: 'Memo' } })!;
    expect(mapping.columns).toMatchObject({
      bookedAt: { names: ['วันที่', 'วันที่ทำรายการ', 'Date', 'Transaction Date'], required: true },
      amount: { names: ['Net'], required: true },
      note: { names: ['Memo'], required: true },
    });
    expect(mapping.columns.credit).toBeUndefined();
    expect(mapping.columns.debit).toBeUndefined();
    expect(mapping).toMatchObject({ label: 'the kbank-th preset', era: 'auto', decimalSeparator: '.' });
  });

  it('gives a custom mapping ISO dates, CE and amounts told apart by position unless it says otherwise', () => {
    expect(resolveCsvMapping({ columns: { bookedAt: 'D', amount: 'A' } })).toMatchObject({
      label: 'the column mapping',
      dateFormat: 'YYYY-MM-DD',
      era: 'CE',
      decimalSeparator: undefined,
      columns: { bookedAt: { names: ['D'], required: true }, amount: { names: ['A'], required: true } },
    });
  });
});

describe('a custom column mapping', () => {
  const header = 'Ngày,Mã GD,Số tiền,Loại,Nội dung';

  it('reads the columns it names, in its date and number format, the header after a preamble', () => {
    const result = read(
      {
        columns: { bookedAt: 'Ngày', id: 'Mã GD', amount: 'Số tiền', direction: 'Loại', note: 'Nội dung' },
        dateFormat: 'DD/MM/YYYY',
        decimalSeparator: ',',
      },
      [
        'Sao kê,tháng 11',
        header,
        '24/11/2026,GD1,"1.500,50",C,PAY 7KQ2M9XW4D',
        '24/11/2026,GD2,"20,00",D,fee',
      ].join('\n'),
    );
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.transactions).toEqual([
      expect.objectContaining({
        bankTransactionId: 'GD1',
        amount: '1500.50',
        bookedAt: new Date('2026-11-23T17:00:00Z'),
        note: 'PAY 7KQ2M9XW4D',
      }),
    ]);
  });

  it('names a column the file does not have and lists the headers it has', () => {
    const result = read(
      { columns: { bookedAt: 'Ngày', amount: 'Amount', note: 'Memo' } },
      `${header}\n24/11/2026,GD1,5,C,x\n`,
    );
    expect(result.problems).toEqual([
      {
        where: 'columns.amount',
        message:
          'No column "Amount" (amount) in the file, as the column mapping reads it. The closest to a header, line 1, has: "Ngày", "Mã GD", "Số tiền", "Loại", "Nội dung".',
      },
      {
        where: 'columns.note',
        message:
          'No column "Memo" (note) in the file, as the column mapping reads it. The closest to a header, line 1, has: "Ngày", "Mã GD", "Số tiền", "Loại", "Nội dung".',
      },
    ]);
  });

  it('refuses a header given twice, rows of another length, and names each bad cell by line and column', () => {
    expect(
      read({ columns: { bookedAt: 'Date', amount: 'Amount' } }, 'Date,Amount,Amount\n').problems,
    ).toEqual([{ where: 'line 1', message: 'Columns given twice: "Amount".' }]);
    const result = read(
      { columns: { bookedAt: 'Date', amount: 'Amount', id: 'Ref' }, dateFormat: 'DD/MM/YYYY' },
      [
        'Date,Ref,Amount',
        '24/11/2026,R1',
        '32/11/2026,R2,5',
        '24/11/2026,ร3,5',
        '24/11/2026,R4,12.345',
        '24/11/2026,R5,5,,',
      ].join('\n'),
    );
    expect(result.problems).toEqual([
      { where: 'line 2', message: '2 fields where the header has 3; quote fields that hold commas.' },
      {
        where: 'line 3, column "Date"',
        message: '"32/11/2026" is not a date written DD/MM/YYYY (e.g. 24/11/2026).',
      },
      {
        where: 'line 4, column "Ref"',
        message: expect.stringMatching(/is not a bank transaction id/) as string,
      },
      {
        where: 'line 5, column "Amount"',
        message: expect.stringMatching(/^THB takes at most 2 decimals/) as string,
      },
    ]);
    // Trailing empty fields (a spreadsheet's) are no problem.
    expect(result.transactions.map((t) => t.bankTransactionId)).toEqual(['R5']);
  });

  it('derives ids when the mapping names no id column, and refuses the same given id twice', () => {
    const derived = read(
      { columns: { bookedAt: 'Date', amount: 'Amount' } },
      'Date,Amount\n2026-11-24,5\n2026-11-24,5\n',
    );
    expect(derived.problems).toEqual([]);
    expect(new Set(derived.transactions.map((t) => t.bankTransactionId)).size).toBe(2);
    const twice = read(
      { columns: { bookedAt: 'Date', amount: 'Amount', id: 'Ref' } },
      'Date,Ref,Amount\n2026-11-24,R1,5\n2026-11-24,R1,6\n',
    );
    expect(twice.problems).toEqual([
      {
        where: 'line 3, column "Ref"',
        message: 'Bank transaction id "R1" appears twice in this file (first at line 2, column "Ref").',
      },
    ]);
  });
});
