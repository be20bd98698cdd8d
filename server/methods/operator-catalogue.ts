import 'server-only';
import type { MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from './port';
import { ADAPTERS } from './registry';

/** The operators a method offers in a currency (each adapter says which, from the rails). */
export function operatorsFor(method: MethodCode, currency: CurrencyCode): readonly PaymentOperator[] {
  return ADAPTERS[method].operators(currency);
}

export function findOperator(
  method: MethodCode,
  currency: CurrencyCode,
  code: string,
): PaymentOperator | undefined {
  return operatorsFor(method, currency).find((operator) => operator.code === code);
}
