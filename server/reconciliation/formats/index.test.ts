import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatement, statementFormatSchema, STATEMENT_FORMATS } from './index';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/statements/${name}`, import.meta.url), 'utf8');

describe('parseStatement', () => {
  it('dispatches each format with its options', () => {
    const csv = parseStatement('CSV', fixture('kbank-statement.csv'), { timeZone: '+07:00' });
    expect(csv).toMatchObject({ skipped: 1, problems: [] });
    expect(csv.transactions).toHaveLength(3);

    const camt = parseStatement('CAMT053', fixture('camt053-v02.xml'), {
      timeZone: '+07:00',
      defaultCurrency: 'THB',
    });
    expect(camt).toMatchObject({ account: '1234567890', currency: 'THB', problems: [] });
    expect(camt.transactions).toHaveLength(2);
    // The time zone reaches the camt.053 parser: without it the local times are refused.
    expect(parseStatement('CAMT053', fixture('camt053-v02.xml'), {}).problems).toHaveLength(2);
  });

  it('knows exactly the listed formats', () => {
    expect(STATEMENT_FORMATS).toEqual(['CSV', 'CAMT053']);
    expect(statementFormatSchema.safeParse('OFX').success).toBe(false);
  });
});
