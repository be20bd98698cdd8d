import 'server-only';
import { P2A_V2_UPI_OPERATOR, type MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import { CRYPTO_NETWORKS, DUITNOW_ACQUIRERS, EWALLETS, MOBILE_MONEY_OPERATORS, UPI_PSPS } from '../rails';
import {
  NETBANKING_BANKS,
  OFFLINE_BANKS,
  ONLINE_BANKS,
  P2A_V2_BANKS,
  PAY_ME_BANKS,
  VA_BANKS,
} from './operators/banks';
import type { PaymentOperator } from './port';

/** The phone-to-account (UPI ID) variant of P2A_V2; banks after it select the wire variant. */
export const P2A_V2_UPI: PaymentOperator = { code: P2A_V2_UPI_OPERATOR, name: 'UPI (any UPI app)' };

/**
 * Realistic operators per method and currency. Codes are ours and stable (they are what
 * paymentOperatorCode takes); names are the institutions' public names. A method with none (the
 * interoperable QR schemes, Bank A Pay) offers no choice.
 */
export const OPERATORS: Record<MethodCode, Partial<Record<CurrencyCode, readonly PaymentOperator[]>>> = {
  BANKA_PAY: {},
  CRYPTO_OFFLINE: CRYPTO_NETWORKS,
  QRMY: { MYR: DUITNOW_ACQUIRERS },
  EWALLET: { IDR: EWALLETS },
  P2A_V2: { INR: [P2A_V2_UPI, ...P2A_V2_BANKS] },
  ONLINE: ONLINE_BANKS,
  MOBILE_MONEY: MOBILE_MONEY_OPERATORS,
  NETBANKING: { INR: NETBANKING_BANKS },
  OFFLINE: OFFLINE_BANKS,
  PAY_ME: { ZAR: PAY_ME_BANKS },
  QRTH: {},
  QRID: {},
  QRPH: {},
  QRIN: { INR: UPI_PSPS },
  VAPAY: VA_BANKS,
  QRVN: {},
};

export function operatorsFor(method: MethodCode, currency: CurrencyCode): readonly PaymentOperator[] {
  return OPERATORS[method][currency] ?? [];
}

export function findOperator(
  method: MethodCode,
  currency: CurrencyCode,
  code: string,
): PaymentOperator | undefined {
  return operatorsFor(method, currency).find((operator) => operator.code === code);
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
