import 'server-only';
import type { CustomerAccount, MethodPayment } from '../port';
import { OFFLINE_BANKS, ONLINE_BANKS, type BankOperator } from '../operators/banks';
import { VA_BANKS } from '../operators/banks';
import { sandboxAccountDigits } from './collection-account';
import { derivedDigits, derivedPick } from './derived';

/** What kind of account a payment came from (customerAccountProcess.accountType). */
export const ACCOUNT_TYPES = ['BANK_ACCOUNT', 'MOBILE_MONEY', 'E_WALLET', 'UPI', 'CRYPTO_WALLET'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The payer's name when the request gave none (the sandbox's simulated customer). */
export const SANDBOX_PAYER_NAME = 'Sandbox Customer';

/** The seed of everything simulated about this payin's payer. */
export function payerSeed(payin: MethodPayment, ...extra: string[]): string[] {
  return ['payer', payin.merchantCode, payin.idPayin, ...extra];
}

/** The customer's own account number when the request gave one, else a sandbox one of the right length. */
export function payerAccountNumber(payin: MethodPayment): string {
  return (
    payin.customer.accountNumber ??
    derivedDigits(payerSeed(payin), sandboxAccountDigits(payin.money.currency))
  );
}

/** A domestic bank of the payin's currency for a payer whose bank the rail does not tell us. */
export function sandboxPayerBank(payin: MethodPayment): BankOperator | undefined {
  const currency = payin.money.currency;
  const banks = ONLINE_BANKS[currency] ?? OFFLINE_BANKS[currency] ?? VA_BANKS[currency];
  return banks ? derivedPick(payerSeed(payin, 'bank'), banks) : undefined;
}

/** customerAccountProcess: the payer's name (request data first), the account and where it is held. */
export function payerAccount(
  payin: MethodPayment,
  account: {
    accountType: AccountType;
    accountNumber: string;
    bank?: { name: string; bankCode?: string | undefined } | undefined;
    /** null: the rail does not report the payer's name (crypto). */
    accountName?: string | null;
  },
): CustomerAccount {
  const accountName =
    account.accountName === null
      ? undefined
      : (account.accountName ?? payin.customer.accountName ?? SANDBOX_PAYER_NAME);
  return {
    ...(accountName !== undefined && { accountName }),
    accountNumber: account.accountNumber,
    accountType: account.accountType,
    ...(account.bank?.bankCode !== undefined && { bankCode: account.bank.bankCode }),
    ...(account.bank && { bankName: account.bank.name }),
  };
}

/**
 * customerAccountProcess of a payment from a bank account: at the bank the rail names (the chosen
 * operator), else a domestic bank of the market.
 */
export function bankPayerAccount(
  payin: MethodPayment,
  bank?: { name: string; bankCode?: string | undefined },
): CustomerAccount {
  return payerAccount(payin, {
    accountType: 'BANK_ACCOUNT',
    accountNumber: payerAccountNumber(payin),
    bank: bank ?? sandboxPayerBank(payin),
  });
}
