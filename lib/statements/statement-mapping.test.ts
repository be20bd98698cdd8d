import { describe, expect, it } from 'vitest';
import { CSV_PRESETS, csvPresetsFor, STATEMENT_LAYOUTS } from './csv-presets';
import { isMappingGiven, savedStatementMappingSchema, statementMappingSchema } from './statement-mapping';
import { statementTemplate } from './statement-template';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('statementMappingSchema', () => {
  it('takes a preset, columns, or a preset with columns and formats', () => {
    expect(statementMappingSchema.parse({ preset: 'kbank-th' })).toEqual({ preset: 'kbank-th' });
    expect(
      statementMappingSchema.parse({
        columns: { bookedAt: ' Date ', credit: 'In', debit: 'Out' },
        dateFormat: 'DD/MM/YYYY',
        era: 'BE',
        decimalSeparator: ',',
      }),
    ).toMatchObject({ columns: { bookedAt: 'Date', credit: 'In', debit: 'Out' } });
    expect(statementMappingSchema.parse({ preset: 'bca-id', columns: { note: 'Memo' } })).toBeTruthy();
    expect(isMappingGiven(statementMappingSchema.parse({}))).toBe(false);
  });

  it('names what is wrong: an unknown preset, a field we do not have, what a custom mapping lacks', () => {
    expect(issues(statementMappingSchema.safeParse({ preset: 'nope' }))).toEqual([
      ['preset', `One of ${STATEMENT_LAYOUTS.join(', ')}.`],
    ]);
    expect(
      issues(statementMappingSchema.safeParse({ columns: { bookedAt: 'D', amount: 'A', when: 'x' } })),
    ).toEqual([['columns', 'Unrecognized key: "when"']]);
    expect(
      issues(statementMappingSchema.safeParse({ columns: { note: 'N', debit: 'Out', direction: 'T' } })),
    ).toEqual([
      ['columns.bookedAt', 'Name the date column.'],
      [
        'columns.amount',
        'Name the amount column, or the credit column (with the debit column if there is one).',
      ],
      ['columns.debit', 'A debit column goes with a credit column.'],
      ['columns.direction', 'A direction column goes with an amount column.'],
    ]);
    expect(
      issues(statementMappingSchema.safeParse({ columns: { bookedAt: 'D', amount: 'A', credit: 'C' } })),
    ).toEqual([
      [
        'columns.credit',
        'Either a signed amount column or a credit column (with its debit column), not both.',
      ],
    ]);
    expect(issues(statementMappingSchema.safeParse({ dateFormat: 'DD/MM/YYYY' }))).toEqual([
      ['dateFormat', 'Applies to a column mapping: give columns or a bank preset.'],
    ]);
    expect(issues(statementMappingSchema.safeParse({ preset: 'generic', era: 'BE' }))).toEqual([
      ['preset', 'Our layout reads our column names: name no columns or formats with it.'],
    ]);
  });

  it('saves only a preset or columns', () => {
    expect(issues(savedStatementMappingSchema.safeParse({}))).toEqual([
      ['preset', 'Give a preset or columns.'],
    ]);
    expect(savedStatementMappingSchema.parse({ preset: 'generic' })).toEqual({ preset: 'generic' });
  });
});

describe('the presets', () => {
  it('have distinct ids', () => {
    expect(new Set(CSV_PRESETS.map((preset) => preset.id)).size).toBe(CSV_PRESETS.length);
  });

  it('come those of the currency first', () => {
    expect(csvPresetsFor('VND')[0]?.id).toBe('vcb-vn');
    expect(
      csvPresetsFor('THB')
        .slice(0, 2)
        .map((preset) => preset.id),
    ).toEqual(['kbank-th', 'scb-th']);
    expect(csvPresetsFor(undefined)).toHaveLength(CSV_PRESETS.length);
  });
});

describe('statementTemplate', () => {
  it('writes our header and two rows, quoted where RFC 4180 says, with a byte-order mark', () => {
    const { fileName, text } = statementTemplate();
    expect(fileName).toBe('statement-template.csv');
    expect(text.split('\r\n')).toEqual([
      '\uFEFFid,bookedAt,amount,currency,note,payer,payer account,payer bank',
      'FT26112400012,2026-11-24T10:15:00+07:00,1500.50,THB,PAY 7KQ2M9XW4D,SOMCHAI JAIDEE,xxx-x-x4821-x,SCB',
      'FT26112400013,2026-11-24 14:02,-200.00,THB,Transfer to supplier,,,',
      '',
    ]);
    const kbank = statementTemplate('kbank-th');
    expect(kbank.fileName).toBe('statement-template-kbank-th.csv');
    expect(kbank.text).toContain('\uFEFFวันที่,เวลา,รายการ,ถอนเงิน,ฝากเงิน,ยอดคงเหลือ,ช่องทาง,รายละเอียด\r\n');
    expect(kbank.text).toContain(',"1,500.50","12,500.50",');
  });
});
