import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isSePayPayload, parseSePay } from './sepay';

const fixture = JSON.parse(
  readFileSync(new URL('../../../tests/fixtures/statements/sepay-webhook.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('parseSePay', () => {
  it('maps SePay’s documented payload to one VND credit', () => {
    expect(parseSePay(fixture)).toEqual({
      transactions: [
        {
          bankTransactionId: '92704',
          amount: '2277000',
          currency: 'VND',
          // 14:02:37 in Vietnam (UTC+7).
          bookedAt: new Date('2026-11-24T07:02:37Z'),
          note: 'NGUYEN VAN A chuyen tien 7KQ2M9XW4D',
          to: '0123499999',
          raw: JSON.stringify(fixture),
        },
      ],
      skipped: 0,
      problems: [],
    });
  });

  it('names the virtual sub-account as the receiver when there is one', () => {
    const [transaction] = parseSePay({ ...fixture, subAccount: 'VQRQ12345' }).transactions;
    expect(transaction?.to).toBe('VQRQ12345');
  });

  it('falls back to the description when the content is empty', () => {
    const [transaction] = parseSePay({ ...fixture, content: '' }).transactions;
    expect(transaction?.note).toBe('BankAPINotify NGUYEN VAN A chuyen tien 7KQ2M9XW4D');
  });

  it('skips outgoing transfers without a problem', () => {
    expect(parseSePay({ ...fixture, transferType: 'out' })).toEqual({
      transactions: [],
      skipped: 1,
      problems: [],
    });
  });

  it('refuses fractional, zero and unsafe amounts', () => {
    for (const transferAmount of [2277000.5, 0, -5, 2 ** 53, '1.5']) {
      const result = parseSePay({ ...fixture, transferAmount });
      expect(result.transactions).toEqual([]);
      expect(result.problems.map((problem) => problem.where)).toEqual(['transferAmount']);
    }
  });

  it('names every bad field', () => {
    const result = parseSePay({ ...fixture, id: null, transactionDate: '25/03/2023', transferType: 'both' });
    expect(result.problems.map((problem) => problem.where).sort()).toEqual(['id', 'transferType']);
    expect(parseSePay({ ...fixture, transactionDate: '25/03/2023' }).problems).toEqual([
      { where: 'transactionDate', message: expect.stringMatching(/not an ISO 8601 date/) as string },
    ]);
    expect(parseSePay('nope').problems).toEqual([{ where: 'body', message: expect.any(String) as string }]);
  });

  it('refuses a NUL in the content', () => {
    expect(parseSePay({ ...fixture, content: 'CK\u0000' }).problems).toEqual([
      { where: 'content', message: 'A NUL character (U+0000) is not text.' },
    ]);
  });
});

describe('isSePayPayload', () => {
  it('recognises the payload by transferType and transferAmount', () => {
    expect(isSePayPayload(fixture)).toBe(true);
    expect(isSePayPayload({ transactions: [] })).toBe(false);
    expect(isSePayPayload(null)).toBe(false);
    expect(isSePayPayload('transferType transferAmount')).toBe(false);
  });
});
