import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatementCsv } from './csv';
import { STATEMENT_MAX_BYTES as MAX_STATEMENT_BYTES } from '@/lib/api/collection-responses';

const kbank = readFileSync(
  new URL('../../../tests/fixtures/statements/kbank-statement.csv', import.meta.url),
  'utf8',
);
const HEADER =
  'Transaction ID,Booking Date,Description,Payer Name,Payer Account,Deposit,Withdrawal,Balance,Currency';
const thai = { timeZone: '+07:00' };

/** A statement with the given header and rows, LF-separated. */
const csv = (header: string, ...rows: string[]) => [header, ...rows].join('\n');
const parse = (text: string, options: Parameters<typeof parseStatementCsv>[1] = thai) =>
  parseStatementCsv(text, options);

describe('parseStatementCsv on a KBank export (BOM, CRLF, deposit/withdrawal pair)', () => {
  const result = parse(kbank);

  it('maps every field of each credit, with the header and record as raw', () => {
    expect(result.problems).toEqual([]);
    expect(result.transactions[0]).toEqual({
      bankTransactionId: 'KB2611240000123',
      amount: '1500.50',
      currency: 'THB',
      bookedAt: new Date('2026-11-24T02:15:02Z'),
      note: 'PAY 7KQ2M9XW4D, order 1001',
      payer: { name: 'SOMCHAI JAIDEE', accountNumber: 'xxx-x-x4821-x' },
      raw: `${HEADER}\nKB2611240000123,2026-11-24 09:15:02,"PAY 7KQ2M9XW4D, order 1001",SOMCHAI JAIDEE,xxx-x-x4821-x,"1,500.50",0.00,"12,500.50",THB`,
    });
  });

  it('skips and counts the debit, keeps a multi-line note', () => {
    expect(result.skipped).toBe(1);
    expect(result.transactions.map((t) => [t.bankTransactionId, t.amount])).toEqual([
      ['KB2611240000123', '1500.50'],
      ['KB2611240000131', '250.00'],
      ['KB2611240000140', '12345.00'],
    ]);
    expect(result.transactions[2]?.note).toBe('Mobile transfer\r\nPAY 3HT8RJ2C6N');
  });
});

describe('parseStatementCsv columns', () => {
  it('matches aliases without case or punctuation, a signed amount column and a default currency', () => {
    const result = parse(
      csv(
        'REF,bookedAt,AMOUNT,Remarks,counterparty',
        'R1,2026-11-24T10:00:00Z,100,PAY X,ACME',
        'R2,2026-11-24,-5,,',
      ),
      { defaultCurrency: 'JPY', timeZone: '+09:00' },
    );
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.transactions).toEqual([
      expect.objectContaining({
        bankTransactionId: 'R1',
        amount: '100',
        currency: 'JPY',
        note: 'PAY X',
        payer: { name: 'ACME' },
      }),
    ]);
  });

  it('names what is missing and what was found in one problem', () => {
    expect(parse(csv('Date,Details,Withdrawal', '2026-11-24,x,1')).problems).toEqual([
      {
        where: 'line 1',
        message:
          'Missing columns: bank transaction id (id, transaction id, bank reference, reference, ref); ' +
          'amount (amount, or credit with an optional debit). Found: "Date", "Details", "Withdrawal".',
      },
    ]);
  });

  it('refuses an empty file and a column given twice', () => {
    expect(parse('\uFEFF').problems[0]?.message).toMatch(/header row/);
    expect(parse(csv('id,date,amount,Amount', '1,2026-11-24,1,2')).problems[0]?.message).toBe(
      'Columns given twice: "amount".',
    );
  });

  it('needs a currency from the row or the options', () => {
    expect(parse(csv('id,date,amount', 'A,2026-11-24,1')).problems).toEqual([
      { where: 'line 1', message: 'No currency column, and the statement has no default currency.' },
    ]);
    expect(parse(csv('id,date,amount,currency', 'A,2026-11-24,1,')).problems).toEqual([
      {
        where: 'line 2, column "currency"',
        message: 'No currency, and the statement has no default currency.',
      },
    ]);
    expect(parse(csv('id,date,amount,currency', 'A,2026-11-24,1,EUR')).problems).toEqual([
      { where: 'line 2, column "currency"', message: '"EUR" is not a currency we handle.' },
    ]);
  });
});

describe('parseStatementCsv amounts', () => {
  const amounts = (currency: string, ...values: string[]) =>
    parse(
      csv('id,date,amount,currency', ...values.map((value, i) => `T${i},2026-11-24,"${value}",${currency}`)),
    );

  it('strips thousands separators where a dot is the decimal point', () => {
    expect(amounts('THB', '1,234.50', '1,234', '+7').transactions.map((t) => t.amount)).toEqual([
      '1234.50',
      '1234',
      '7',
    ]);
    expect(amounts('VND', '2,500,000').transactions[0]?.amount).toBe('2500000');
  });

  it('reads the common local separators', () => {
    const read = amounts('VND', '1.500.000', '2.500.000,00', '1,500,000', '12000');
    expect(read.problems).toEqual([]);
    expect(read.transactions.map((t) => t.amount)).toEqual(['1500000', '2500000.00', '1500000', '12000']);
    const thb = amounts('THB', '1.234,50', '1,234.50', '12,50', '1,234');
    expect(thb.transactions.map((t) => t.amount)).toEqual(['1234.50', '1234.50', '12.50', '1234']);
  });

  it('refuses what could be read two ways, naming the line', () => {
    const vnd = amounts('VND', '12.000');
    expect(vnd.transactions).toEqual([]);
    expect(vnd.problems).toEqual([
      {
        where: 'line 2, column "amount"',
        message:
          '"12.000" is ambiguous in VND (a decimal dot or a thousands dot): write 12000, or 12 without the zeros.',
      },
    ]);
    expect(amounts('THB', '1.500').problems[0]?.message).toBe(
      '"1.500" is ambiguous in THB (a decimal dot or a thousands dot): write 1500, or 1.5 without the zeros.',
    );
    const usdt = amounts('USDT', '1,234', '12 345');
    expect(usdt.problems.map((p) => p.where)).toEqual(['line 2, column "amount"', 'line 3, column "amount"']);
    expect(usdt.problems[0]?.message).toBe(
      '"1,234" is ambiguous (thousands or a decimal comma): write 1234 or 1.234.',
    );
    expect(usdt.problems[1]?.message).toBe(
      '"12 345" is not an amount such as 1234.50, 1,234.50 or 1.234,50.',
    );
  });

  it('refuses more decimals than the currency takes', () => {
    expect(amounts('THB', '1.0051').problems[0]?.message).toBe(
      'THB takes at most 2 decimals: "1.0051" has 4.',
    );
    expect(amounts('THB', '1.005').problems[0]?.message).toBe(
      'THB takes at most 2 decimals: "1.005" has 3 (if the dot separates thousands, write 1005).',
    );
    expect(amounts('JPY', '10.5').problems[0]?.message).toBe('JPY takes at most 0 decimals: "10.5" has 1.');
  });

  it('treats accountants’ parentheses as a debit', () => {
    expect(amounts('THB', '(1,234.50)').skipped).toBe(1);
  });

  it('wants exactly one side of a credit/debit pair', () => {
    const result = parse(
      csv('id,date,credit,debit,currency', 'A,2026-11-24,5,5,THB', 'B,2026-11-24,0.00,,THB'),
    );
    expect(result.problems).toEqual([
      { where: 'line 2, column "credit"', message: 'Both a credit and a debit.' },
      { where: 'line 3, column "credit"', message: 'Neither a credit nor a debit amount.' },
    ]);
  });
});

describe('parseStatementCsv rows', () => {
  it('names the line and column of every problem of a row', () => {
    const result = parse(csv('id,date,amount,currency', ' ,24/11/2026,abc,THB'));
    expect(result.problems.map((p) => p.where)).toEqual([
      'line 2, column "amount"',
      'line 2, column "id"',
      'line 2, column "date"',
    ]);
  });

  it('refuses local dates without a time zone, and a bad time zone', () => {
    const text = csv('id,date,amount,currency', 'A,2026-11-24 10:00,1,THB');
    expect(parse(text, {}).problems[0]?.message).toMatch(/no UTC offset/);
    expect(parse(text, { timeZone: 'Asia/Bangkok' }).problems).toEqual([
      { where: 'timeZone', message: '"Asia/Bangkok" is not a UTC offset such as +07:00.' },
    ]);
  });

  it('refuses rows whose field count differs from the header (an unquoted comma)', () => {
    expect(parse(csv('id,date,amount,currency', 'A,2026-11-24,1,234.50,THB')).problems).toEqual([
      { where: 'line 2', message: '5 fields where the header has 4; quote fields that hold commas.' },
    ]);
  });

  it('reports an id twice in one statement', () => {
    const result = parse(csv('id,date,amount,currency', 'A,2026-11-24,1,THB', 'A,2026-11-25,2,THB'));
    expect(result.problems).toEqual([
      {
        where: 'line 3, column "id"',
        message: 'Bank transaction id "A" appears twice in this file (first at line 2, column "id").',
      },
    ]);
  });
});

describe('parseStatementCsv hostile input', () => {
  it('refuses an unterminated quote, a huge line and too many rows', () => {
    expect(parse(csv('id,date,amount,currency', 'A,"2026-11-24,1,THB')).problems).toEqual([
      { where: 'line 2, column 2', message: 'A quoted field starts here and is never closed.' },
    ]);
    expect(
      parse(csv('id,date,amount,currency', `A,2026-11-24,1,THB${' '.repeat(5000)}`)).problems[0]?.message,
    ).toMatch(/longer than 4000 characters/);
    const rows = Array.from({ length: 10_001 }, (_, i) => `T${i},2026-11-24,1,THB`);
    const many = parse(csv('id,date,amount,currency', ...rows));
    expect(many.problems.at(-1)).toEqual({
      where: 'line 10002',
      message: 'More than 10,000 rows: split the statement into smaller files.',
    });
  });

  it('refuses a NUL anywhere, naming its line, and keeps escape sequences out of the note', () => {
    expect(
      parse(csv('id,date,amount,currency,note', 'A,2026-11-24,1,THB,ok', 'B,2026-11-24,1,THB,x\0y')).problems,
    ).toEqual([{ where: 'line 3', message: 'A NUL character (U+0000) is not text.' }]);
    const escaped = parse(csv('id,date,amount,currency,note', 'A,2026-11-24,1,THB,PAY\u001b[2J 7KQ2'));
    expect(escaped.transactions[0]?.note).toBe('PAY [2J 7KQ2');
    expect(escaped.transactions[0]?.raw).toContain('PAY\u001b[2J');
  });

  it('refuses a file over the size cap without reading it', () => {
    expect(parse('x'.repeat(MAX_STATEMENT_BYTES + 1)).problems).toEqual([
      { where: 'file', message: 'The statement is larger than 5 MB.' },
    ]);
  });
});
