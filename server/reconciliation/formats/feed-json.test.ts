import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { feedDeliverySchema, jsonPath, parseFeedDelivery } from './feed-json';

const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/statements/feed-delivery.json', import.meta.url), 'utf8'),
) as { transactions: Record<string, unknown>[] };

const valid = {
  id: 'FT1',
  amount: '100.00',
  currency: 'THB',
  bookedAt: '2026-11-24T10:00:00+07:00',
  note: 'x',
};
const deliver = (...transactions: unknown[]) => parseFeedDelivery({ transactions });

describe('parseFeedDelivery', () => {
  it('maps every field of the documented delivery and keeps each transaction as received', () => {
    const result = parseFeedDelivery(fixture);
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(0);
    expect(result.transactions).toEqual([
      {
        bankTransactionId: 'FT26112400012',
        amount: '1500.50',
        currency: 'THB',
        bookedAt: new Date('2026-11-24T03:00:00Z'),
        note: 'PAY 7KQ2M9XW4D',
        payer: { name: 'SOMCHAI JAIDEE', accountNumber: 'xxx-x-x4821-x', bank: 'SCB' },
        to: '123-4-56789-0',
        raw: JSON.stringify(fixture.transactions[0]),
      },
      {
        bankTransactionId: 'FT26112400019',
        amount: '250.00',
        currency: 'THB',
        bookedAt: new Date('2026-11-24T03:04:31.250Z'),
        note: '',
        raw: JSON.stringify(fixture.transactions[1]),
      },
    ]);
    // Unknown fields are ignored, yet kept in raw for audit.
    expect(result.transactions[0]?.raw).toContain('feedSequence');
  });

  it('takes a missing note as empty and a missing currency as the account’s', () => {
    const [transaction] = deliver({ id: 'T1', amount: '5', bookedAt: '2026-11-24T00:00:00Z' }).transactions;
    expect(transaction).toMatchObject({ note: '', currency: undefined });
  });

  it('refuses JSON numbers for amounts and says to send strings', () => {
    const result = deliver({ ...valid, amount: 100.5 });
    expect(result.problems).toEqual([
      {
        where: 'transactions[0].amount',
        message: expect.stringMatching(/decimal string such as "1234.50"/) as string,
      },
    ]);
  });

  it('names every problem of every transaction by its JSON path', () => {
    const result = deliver(valid, {
      id: ' bad',
      amount: '1.005',
      currency: 'EUR',
      bookedAt: '2026-11-24T10:00:00',
      note: 'n'.repeat(501),
      payer: { name: 7 },
    });
    expect(result.transactions).toHaveLength(1);
    expect(result.problems.map((problem) => problem.where).sort()).toEqual([
      'transactions[1].bookedAt',
      'transactions[1].currency',
      'transactions[1].id',
      'transactions[1].note',
      'transactions[1].payer.name',
    ]);
  });

  it('checks precision against the currency', () => {
    expect(deliver({ ...valid, amount: '1.005' }).problems).toEqual([
      { where: 'transactions[0].amount', message: 'THB takes at most 2 decimals: "1.005" has 3.' },
    ]);
    expect(deliver({ ...valid, amount: '10.5', currency: 'JPY' }).problems).toHaveLength(1);
    expect(deliver({ ...valid, amount: '-10' }).problems[0]?.message).toMatch(/not a decimal amount/);
  });

  it('refuses a VND amount that reads as twelve dong or twelve thousand, never guessing', () => {
    const result = deliver({ ...valid, amount: '12.000', currency: 'VND' });
    expect(result.transactions).toEqual([]);
    expect(result.problems).toEqual([
      {
        where: 'transactions[0].amount',
        message:
          '"12.000" is ambiguous in VND (a decimal dot or a thousands dot): write 12000, or 12 without the zeros.',
      },
    ]);
    expect(deliver({ ...valid, amount: '12', currency: 'VND' }).transactions[0]?.amount).toBe('12');
    expect(deliver({ ...valid, amount: '1.500', currency: 'USDT' }).transactions[0]?.amount).toBe('1.500');
  });

  it('refuses a NUL in any text field, naming it', () => {
    const result = deliver({ ...valid, note: 'PAY\u0000', payer: { name: 'A\u0000B' } });
    expect(result.problems).toEqual([
      { where: 'transactions[0].note', message: 'A NUL character (U+0000) is not text.' },
      { where: 'transactions[0].payer.name', message: 'A NUL character (U+0000) is not text.' },
    ]);
    expect(deliver({ ...valid, note: 'PAY\u0007 7KQ2' }).transactions[0]?.note).toBe('PAY  7KQ2');
  });

  it('refuses a local time without offset', () => {
    expect(deliver({ ...valid, bookedAt: '2026-11-24 10:00:00' }).problems[0]).toMatchObject({
      where: 'transactions[0].bookedAt',
      message: expect.stringMatching(/no UTC offset/) as string,
    });
  });

  it('reports an id delivered twice in one body', () => {
    expect(deliver(valid, { ...valid, amount: '200' }).problems).toEqual([
      {
        where: 'transactions[1].id',
        message: 'Bank transaction id "FT1" appears twice in this file (first at transactions[0].id).',
      },
    ]);
  });

  it('refuses bodies that are not a delivery of 1–500 transactions', () => {
    expect(parseFeedDelivery(null).problems).toEqual([
      { where: 'body', message: expect.any(String) as string },
    ]);
    expect(parseFeedDelivery({}).problems[0]?.where).toBe('transactions');
    expect(parseFeedDelivery({ transactions: [] }).problems[0]?.message).toBe('At least one transaction.');
    expect(deliver(...Array.from({ length: 501 }, (_, i) => ({ ...valid, id: `T${i}` }))).problems).toEqual([
      { where: 'transactions', message: 'At most 500 transactions per delivery.' },
    ]);
    expect(deliver('FT1').problems[0]?.where).toBe('transactions[0]');
  });

  it('agrees with the published schema', () => {
    expect(feedDeliverySchema.safeParse(fixture).success).toBe(true);
    expect(feedDeliverySchema.safeParse({ transactions: [{ ...valid, amount: '1.005' }] }).success).toBe(
      false,
    );
  });
});

describe('jsonPath', () => {
  it('writes indexes in brackets', () => {
    expect(jsonPath(['transactions', 2, 'payer', 'name'])).toBe('transactions[2].payer.name');
    expect(jsonPath([])).toBe('body');
  });
});
