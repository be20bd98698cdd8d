import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { Merchant } from '../../merchants';
import type { CustomerData } from '../../payins/payin';
import type { BankOperator } from '../operators/banks';
import { collectionAccountNumber } from './collection-account';

/** `account`: our collection account at a bank, which the customer pays into. */
export function collectionAccount(merchant: Merchant, bank: BankOperator, currency: CurrencyCode) {
  return {
    accountName: merchant.channelName,
    accountNumber: collectionAccountNumber(merchant.code, bank.code, currency),
    bankCode: bank.bankCode,
    bankName: bank.name,
  };
}

/** `accountCustomer`: the customer account funds are expected from, as the request gave it (if at all). */
export function accountCustomerOf(customer: CustomerData) {
  const { accountName, accountNumber } = customer;
  if (accountName === undefined && accountNumber === undefined) return {};
  return {
    accountCustomer: {
      ...(accountName !== undefined && { accountName }),
      ...(accountNumber !== undefined && { accountNumber }),
    },
  };
}
