import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CurrencyCode } from '@/lib/money';
import { CSV_PRESETS, csvPresetOf, statementTemplate, type CsvPresetId } from '@/lib/statements';
import { BANKS, isBankCurrency } from '../../rails';
import { resolveCsvMapping } from './csv-mapping';
import { mappedCsvSteps, type MappedCsvParse } from './csv-mapped';
import { runToEnd } from './steps';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

function parse(preset: CsvPresetId, text: string, timeZone: string): MappedCsvParse {
  const mapping = resolveCsvMapping({ preset })!;
  return runToEnd(mappedCsvSteps(text, { mapping, defaultCurrency: csvPresetOf(preset).currency, timeZone }));
}

/** What a test checks of each credit: id, amount, instant, note. */
const credits = (result: MappedCsvParse) =>
  result.transactions.map((t) => [t.bankTransactionId, t.amount, t.bookedAt.toISOString(), t.note]);

const DERIVED = /^row-[0-9a-f]{32}$/;

describe('the KBank preset (Thai headers, Buddhist Era, preamble, opening and closing balance rows)', () => {
  const result = parse('kbank-th', fixture('kbank-th.csv'), '+07:00');

  it('reads each deposit with its BE date and time in Bangkok, skips the withdrawal', () => {
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.account).toBe('123-4-56789-0');
    expect(credits(result).map(([, ...rest]) => rest)).toEqual([
      ['1500.50', '2026-11-24T02:15:00.000Z', 'จาก SCB X4821 นาย สมชาย ใจดี PAY 7KQ2M9XW4D'],
      ['250.00', '2026-11-24T04:02:00.000Z', 'จาก X1029 น.ส. สมศรี รักดี'],
      ['12345.00', '2026-11-27T16:48:00.000Z', 'จาก BBL X5512 นาย ประพันธ์ มีสุข, 3HT8RJ2C6N'],
    ]);
    expect(result.transactions[0]).toMatchObject({
      currency: 'THB',
      raw: expect.stringMatching(/^วันที่,เวลา,.*\n24\/11\/2569,09:15,/) as string,
    });
  });

  it('derives ids from the rows, the same on every import and distinct per row', () => {
    const ids = result.transactions.map((t) => t.bankTransactionId);
    expect(ids.every((id) => DERIVED.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(
      parse('kbank-th', fixture('kbank-th.csv'), '+07:00').transactions.map((t) => t.bankTransactionId),
    ).toEqual(ids);
    // Another export of the same account and period with other columns: the same transactions, the same ids.
    const english = [
      'Date,Time,Withdrawal,Deposit,Outstanding Balance,Details',
      '24/11/2026,09:15,,"1,500.50","12,500.50",จาก SCB X4821 นาย สมชาย ใจดี PAY 7KQ2M9XW4D',
    ].join('\n');
    expect(parse('kbank-th', english, '+07:00').transactions[0]?.bankTransactionId).toBe(ids[0]);
  });

  it('tells identical rows apart by their order, and reads CE and two-digit BE years too', () => {
    const twice = ['วันที่,ฝากเงิน,รายละเอียด', '27/11/69,100.00,PromptPay', '27/11/2026,100.00,PromptPay'].join(
      '\n',
    );
    const result = parse('kbank-th', twice, '+07:00');
    expect(result.problems).toEqual([]);
    expect(result.transactions.map((t) => t.bookedAt.toISOString())).toEqual([
      '2026-11-26T17:00:00.000Z',
      '2026-11-26T17:00:00.000Z',
    ]);
    const [a, b] = result.transactions.map((t) => t.bankTransactionId);
    expect(a).not.toBe(b);
  });
});

describe('the SCB preset (Thai or English headers)', () => {
  it('reads the Thai export with CE dates', () => {
    const result = parse('scb-th', fixture('scb-th.csv'), '+07:00');
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.account).toBe('111-2-34567-8');
    expect(credits(result).map(([, amount, at]) => [amount, at])).toEqual([
      ['3250.00', '2026-11-24T03:02:00.000Z'],
      ['1000.37', '2026-11-25T01:05:00.000Z'],
    ]);
  });

  it('reads the English export of the same layout', () => {
    const result = parse(
      'scb-th',
      [
        'Date,Time,Code,Channel,Withdrawal,Deposit,Balance,Description',
        '24/11/2026,10:02,X1,ENET,,"3,250.00","45,250.00",PAY 7KQ2M9XW4D',
      ].join('\r\n'),
      '+07:00',
    );
    expect(result.problems).toEqual([]);
    expect(credits(result)).toEqual([
      [expect.stringMatching(DERIVED), '3250.00', '2026-11-24T03:02:00.000Z', 'PAY 7KQ2M9XW4D'],
    ]);
  });
});

describe('the Vietcombank preset (Vietnamese headers, both thousands separators)', () => {
  const result = parse('vcb-vn', fixture('vcb-vn.csv'), '+07:00');

  it('reads the bank reference as the id and đồng written with dots or commas', () => {
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.account).toBe('0071000123456');
    expect(credits(result)).toEqual([
      ['5215 - 88123', '1500000', '2026-11-24T02:15:02.000Z', 'NGUYEN VAN AN chuyen tien PAY 7KQ2M9XW4D'],
      ['5216 - 10452', '250000', '2026-11-24T07:20:45.000Z', 'MBVCB.1234567.TRAN THI BINH chuyen khoan'],
      [
        '5216 - 20981',
        '12345000',
        '2026-11-25T01:01:13.000Z',
        'IBFT CONG TY ABC thanh toan don hang 3HT8RJ2C6N',
      ],
    ]);
  });

  it('finds its headers written in another Unicode form (NFD, as some systems save them)', () => {
    const nfd = fixture('vcb-vn.csv').normalize('NFD');
    expect(parse('vcb-vn', nfd, '+07:00').transactions).toHaveLength(3);
  });

  it('refuses a fraction, which đồng do not have', () => {
    const text = ['Ngày giao dịch,Số tham chiếu,Số tiền ghi có,Mô tả', '24/11/2026,R1,"1.500,50",x'].join(
      '\n',
    );
    expect(parse('vcb-vn', text, '+07:00').problems).toEqual([
      {
        where: 'line 2, column "Số tiền ghi có"',
        message: '"1.500,50" has a fraction: amounts of this export are whole.',
      },
    ]);
  });
});

describe('the BCA preset (Indonesian headers, CR/DB in the amount, pending rows)', () => {
  const result = parse('bca-id', fixture('bca-id.csv'), '+07:00');

  it('reads credits by their CR marker, skips the debit and the pending entry, passes over the totals', () => {
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(2);
    expect(result.account).toBe('1234567890');
    expect(credits(result).map(([id, ...rest]) => [DERIVED.test(String(id)), ...rest])).toEqual([
      [
        true,
        '1500000.00',
        '2026-11-23T17:00:00.000Z',
        'TRSF E-BANKING CR 2411/FTSCY/WS95031 BUDI SANTOSO PAY 7KQ2M9XW4D',
      ],
      [true, '250000.00', '2026-11-24T17:00:00.000Z', 'SWITCHING CR TRANSFER DR 008 SITI AMINAH'],
    ]);
  });

  it('reads the marker from a column of its own too, and refuses one it does not know', () => {
    const text = [
      'Tanggal Transaksi,Keterangan,Jumlah,CR/DB',
      '24/11/2026,A,"1,000.00",CR',
      '24/11/2026,B,"2,000.00",DB',
      '24/11/2026,C,"3,000.00",XX',
    ].join('\n');
    const read = parse('bca-id', text, '+07:00');
    expect(read.transactions.map((t) => t.amount)).toEqual(['1000.00']);
    expect(read.problems).toEqual([
      {
        where: 'line 4, column "CR/DB"',
        message: '"XX" says neither money in (CR, K, KREDIT, CREDIT) nor out (DB, DR, D, DEBET, DEBIT).',
      },
    ]);
  });
});

describe('the BDO, Maybank and HDFC presets', () => {
  it('BDO: month-first dates, credit and debit columns', () => {
    const result = parse('bdo-ph', fixture('bdo-ph.csv'), '+08:00');
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(credits(result).map(([, amount, at]) => [amount, at])).toEqual([
      ['1500.50', '2026-11-23T16:00:00.000Z'],
      ['10000.00', '2026-11-24T16:00:00.000Z'],
      ['5250.75', '2026-11-25T16:00:00.000Z'],
    ]);
  });

  it('Maybank: one amount column signed at its end', () => {
    const result = parse('maybank-my', fixture('maybank-my.csv'), '+08:00');
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.account).toBe('514012345678');
    expect(credits(result).map(([, amount]) => amount)).toEqual(['1500.50', '88.00']);
  });

  it('HDFC: two-digit years, the reference as id unless all zeros, the closing summary not read', () => {
    const result = parse('hdfc-in', fixture('hdfc-in.csv'), '+05:30');
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(1);
    expect(result.account).toBe('50100123456789');
    expect(credits(result).map(([id, amount, at]) => [id, amount, at])).toEqual([
      ['0000432812345678', '1500.00', '2026-11-23T18:30:00.000Z'],
      ['0000432912345678', '2499.00', '2026-11-24T18:30:00.000Z'],
      [expect.stringMatching(DERIVED), '12.35', '2026-11-24T18:30:00.000Z'],
    ]);
  });
});

describe('every preset', () => {
  it.each(CSV_PRESETS.map((preset) => [preset.id, preset]))(
    '%s names a bank of our catalogue in its currency',
    (_, preset) => {
      expect(isBankCurrency(preset.currency)).toBe(true);
      if (isBankCurrency(preset.currency))
        expect(BANKS[preset.currency].map((bank) => bank.code)).toContain(preset.bankCode);
    },
  );

  it.each(CSV_PRESETS.map((preset) => [preset.id, preset.currency] as [CsvPresetId, CurrencyCode]))(
    '%s reads its own template: one credit, one debit skipped',
    (id) => {
      const result = parse(id, statementTemplate(id).text, '+07:00');
      expect(result.problems).toEqual([]);
      expect(result.transactions).toHaveLength(1);
      expect(result.transactions[0]?.note).toContain('7KQ2M9XW4D');
      expect(result.skipped).toBe(1);
    },
  );
});

describe('a mapping whose columns the file lacks', () => {
  it('names each missing column and lists the headers of the row that came closest', () => {
    const result = parse('kbank-th', 'Account,123\nDate,Amount,Note\n24/11/2026,5,x\n', '+07:00');
    expect(result.transactions).toEqual([]);
    expect(result.problems).toEqual([
      {
        where: 'columns.credit',
        message:
          'No column "ฝากเงิน" or "Deposit" (credit) in the file, as the kbank-th preset reads it. The closest to a header, line 2, has: "Date", "Amount", "Note".',
      },
    ]);
  });
});
