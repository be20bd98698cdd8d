import { describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import type { Merchant } from '../merchants';
import { testPayin } from '@/tests/support/adapter-fixtures';
import { magicAmountPlanner, scheduledAction } from './magic-amounts';

const sandbox = { isTest: true } as Merchant;
const live = { isTest: false } as Merchant;
const thb = (minor: bigint) => ({ currency: 'THB' as const, minor });

/** A transaction that records the inserts it is asked for. */
function recordingTx() {
  const inserts: { table: string; values: Record<string, unknown> }[] = [];
  const tx = {
    insertInto: (table: string) => ({
      values: (values: Record<string, unknown>) => ({
        execute: () => {
          inserts.push({ table, values });
          return Promise.resolve([]);
        },
      }),
    }),
  } as unknown as Transaction<Database>;
  return { tx, inserts };
}

describe('magicAmountPlanner', () => {
  it('plans nothing for live merchants, whatever the amount', () => {
    for (const minor of [1901n, 1911n, 1921n, 1923n])
      expect(magicAmountPlanner.plan({ merchant: live, money: thb(minor) })).toBeUndefined();
  });

  it('plans nothing for other amounts', () => {
    expect(magicAmountPlanner.plan({ merchant: sandbox, money: thb(150_050n) })).toBeUndefined();
    expect(magicAmountPlanner.plan({ merchant: sandbox, money: thb(1907n) })).toBeUndefined();
  });

  it('shortens the validity of the expiry codes, and only theirs', () => {
    const validity = (minor: bigint) =>
      magicAmountPlanner.plan({ merchant: sandbox, money: thb(minor) })?.validityMs;
    expect([1911n, 1912n, 1913n, 1921n, 1923n].map(validity)).toEqual([
      10_000, 30_000, 60_000, 15_000, 5_000,
    ]);
    expect([1901n, 1902n, 1906n, 1922n].map(validity)).toEqual([undefined, undefined, undefined, undefined]);
    expect(magicAmountPlanner.plan({ merchant: sandbox, money: thb(1911n) })).not.toHaveProperty('record');
  });

  it('schedules the outcome from the creation time, for the amount to pay', async () => {
    const money = thb(1921n);
    const payin = { ...testPayin({ method: 'OFFLINE', money }), id: 7n, requiredMoney: thb(1899n) };
    const { tx, inserts } = recordingTx();
    await magicAmountPlanner.plan({ merchant: sandbox, money })!.record!(tx, payin);
    expect(inserts).toEqual([
      {
        table: 'sandbox_simulations',
        values: {
          payin_id: 7n,
          status: null,
          processor_status: null,
          amount_minor: 1709n, // 90 % of moneyRequired 18.99, half up
          due_at: new Date(payin.createdAt.getTime() + 3000),
        },
      },
    ]);
  });
});

describe('scheduledAction', () => {
  const payin = testPayin({ method: 'OFFLINE', money: thb(1922n) });

  it('pays EXACT, SHORT or OVER the amount to pay, or refuses', () => {
    expect(scheduledAction(payin, { afterSeconds: 3, payment: 'EXACT' })).toEqual({
      kind: 'payment',
      amountMinor: 1922n,
    });
    expect(scheduledAction(payin, { afterSeconds: 3, payment: 'SHORT' })).toEqual({
      kind: 'payment',
      amountMinor: 1730n,
    });
    expect(scheduledAction(payin, { afterSeconds: 3, payment: 'OVER' })).toEqual({
      kind: 'payment',
      amountMinor: 2114n,
    });
    expect(scheduledAction(payin, { afterSeconds: 3, refusal: 'SUSPECTED_FRAUD' })).toEqual({
      kind: 'status',
      status: 'REFUSED',
      processorStatus: 'SUSPECTED_FRAUD',
    });
  });

  it('schedules no payment it could not make', () => {
    const huge = testPayin({ method: 'OFFLINE', money: thb(999_999_999_999_922n) });
    expect(scheduledAction(huge, { afterSeconds: 3, payment: 'OVER' })).toBeUndefined();
  });
});
