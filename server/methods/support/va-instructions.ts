import 'server-only';
import { toDecimalString, type Money } from '@/lib/money';
import { localDateTime } from '../../rails';
import type { VaBank } from '../operators/banks';

export const INSTRUCTION_CHANNELS = ['MOBILE_BANKING', 'INTERNET_BANKING', 'ATM', 'OTHER_BANK'] as const;
export type InstructionChannel = (typeof INSTRUCTION_CHANNELS)[number];

/** One entry of paymentInstructionList: how to pay the virtual account through one channel. */
export interface PaymentInstruction {
  channel: InstructionChannel;
  title: string;
  paymentOperator: { code: string; name: string };
  virtualAccountNumber: string;
  steps: string[];
}

/**
 * Concrete steps to pay a virtual account: in the bank's app and internet banking, at its ATMs, and
 * from any other bank. Indonesian banks have a "Virtual Account" menu; Korean virtual accounts are
 * paid as an ordinary transfer to the account number.
 */
export function virtualAccountInstructions(input: {
  bank: VaBank;
  virtualAccountNumber: string;
  money: Money;
  merchantName: string;
  expireAt: Date;
}): PaymentInstruction[] {
  const { bank, virtualAccountNumber: va, money, merchantName, expireAt } = input;
  const amount = `${money.currency} ${toDecimalString(money)}`;
  const menu =
    money.currency === 'IDR'
      ? `Choose Transfer, then ${bank.name} Virtual Account.`
      : `Choose Transfer and select ${bank.name} as the receiving bank.`;
  const check = `Check that the recipient is ${merchantName} and the amount is exactly ${amount}, then confirm.`;
  const before = `Pay before ${localDateTime(expireAt, money.currency)}; the virtual account closes afterwards.`;
  const entry = (channel: InstructionChannel, title: string, steps: string[]): PaymentInstruction => ({
    channel,
    title,
    paymentOperator: { code: bank.code, name: bank.name },
    virtualAccountNumber: va,
    steps: [...steps, before],
  });
  return [
    entry('MOBILE_BANKING', bank.mobileApp, [
      `Log in to ${bank.mobileApp}.`,
      menu,
      `Enter the virtual account number ${va}.`,
      check,
    ]),
    entry('INTERNET_BANKING', bank.internetBanking, [
      `Log in to ${bank.internetBanking}.`,
      menu,
      `Enter the virtual account number ${va}.`,
      check,
    ]),
    entry('ATM', `${bank.name} ATM`, [
      `Insert your ${bank.name} card and enter your PIN.`,
      money.currency === 'IDR'
        ? 'Choose Other Transactions, Transfer, then Virtual Account.'
        : 'Choose Transfer.',
      `Enter the virtual account number ${va}.`,
      check,
    ]),
    entry('OTHER_BANK', 'Transfer from another bank', [
      "In your own bank's app, choose a transfer to another bank.",
      `Select ${bank.name} (bank code ${bank.bankCode}) and enter ${va} as the account number.`,
      check,
    ]),
  ];
}
