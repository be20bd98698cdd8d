import 'server-only';
import type { CurrencyCode, Money } from '@/lib/money';
import { withEmvAmount } from '../payloads/emvco';
import type { BankAccountCollection } from '../../accounts';
import type { MethodMerchant } from '../port';
import type { BankOperator } from '../operators/banks';
import { collectionAccountNumber } from './collection-account';

/**
 * `account`: our collection account at a bank, which the customer pays into. Where the rail needs
 * the branch and the account type to transfer (Japan: 支店 and 普通), they are there too.
 */
export function collectionAccount(merchant: MethodMerchant, bank: BankOperator, currency: CurrencyCode) {
  return {
    accountName: merchant.channelName,
    accountNumber: collectionAccountNumber(merchant.code, bank.code, currency),
    bankCode: bank.bankCode,
    bankName: bank.name,
    ...(bank.branch && {
      bankBranch: bank.branch.name,
      bankBranchCode: bank.branch.code,
      accountType: 'ORDINARY',
    }),
  };
}

/** `account` from the merchant's configured bank account at the bank (its branch where it named one). */
export function bankAccountParts(account: BankAccountCollection, bank: BankOperator) {
  return {
    accountName: account.accountName,
    accountNumber: account.accountNumber,
    bankCode: bank.bankCode,
    bankName: bank.name,
    ...(account.branch && {
      bankBranch: account.branch.name,
      bankBranchCode: account.branch.code,
      ...(account.currency === 'JPY' && { accountType: 'ORDINARY' }),
    }),
  };
}

/** askFor of the EMVCo QR methods: the QR (qrCode) with the amount in tag 54 replaced. */
export function qrAskingFor(response: Record<string, unknown>, amount: Money): Record<string, unknown> {
  return typeof response.qrCode === 'string' ? { qrCode: withEmvAmount(response.qrCode, amount) } : {};
}
