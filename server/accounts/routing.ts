import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { UPI_PSPS, vpaHandle } from '../rails';
import type { AccountNeed } from '@/lib/methods';
import type { CollectionAccount } from './collection-account';

export type { AccountNeed, MethodCollection } from '@/lib/methods';

/** The operator code an account is held at, for types whose method routes by operator. */
export function accountOperator(account: CollectionAccount): string | undefined {
  switch (account.type) {
    case 'BANK_ACCOUNT':
      return account.bank;
    case 'CRYPTO':
      return account.network;
    case 'DUITNOW':
      return account.acquirer;
    case 'UPI':
      return UPI_PSPS.find((psp) => psp.vpaHandle === vpaHandle(account.vpa))?.code;
    default:
      return undefined;
  }
}

/** The first configured account that meets the need in this currency. */
export function findAccountFor(
  accounts: readonly CollectionAccount[],
  need: AccountNeed,
  currency: CurrencyCode,
): CollectionAccount | undefined {
  return accounts.find(
    (account) =>
      account.type === need.type &&
      account.currency === currency &&
      (need.operator === undefined || accountOperator(account) === need.operator),
  );
}

/** What to configure for the need, as the problem and the start-up warning say it. */
export function describeNeed(need: AccountNeed, currency: CurrencyCode): string {
  const where = need.operator === undefined ? '' : ` at ${need.operator}`;
  const varies = need.type === 'BANK_ACCOUNT' || need.type === 'CRYPTO';
  return `no ${varies ? `${currency} ` : ''}${need.type} collection account${where} is configured`;
}
