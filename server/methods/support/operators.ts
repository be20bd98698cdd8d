import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from '../port';

/** A method's operators from its lists per currency: none in a currency it has no list for. */
export function perCurrency<T extends PaymentOperator>(
  lists: Partial<Record<CurrencyCode, readonly T[]>>,
): (currency: CurrencyCode) => readonly T[] {
  return (currency) => lists[currency] ?? [];
}

/**
 * The catalogue entry with its method-specific details (VA prefix, contract, acquirer ID…) for an
 * operator the service resolved; throws when the operator is not in that list (a programming error).
 */
export function requireOperatorIn<T extends PaymentOperator>(
  list: readonly T[] | undefined,
  operator: PaymentOperator | undefined,
): T {
  const found = operator && list?.find((candidate) => candidate.code === operator.code);
  if (!found) throw new Error(`Operator ${operator?.code ?? '(none)'} is not in this method's catalogue.`);
  return found;
}
