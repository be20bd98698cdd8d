import type { Money } from '../money';

/**
 * Payments a sandbox simulation makes without naming an amount, relative to the amount to pay
 * (moneyRequired, else money): EXACT pays it, SHORT 10 % less, OVER 10 % more
 * (docs/decisions/021-sandbox-payments-and-magic-amounts.md).
 */
export const SIMULATED_PAYMENTS = ['EXACT', 'SHORT', 'OVER'] as const;
export type SimulatedPayment = (typeof SIMULATED_PAYMENTS)[number];

/** minor × tenths / 10, rounded half up to a whole minor unit (minor > 0). */
function tenthsOf(minor: bigint, tenths: bigint): bigint {
  return (minor * tenths * 2n + 10n) / 20n;
}

/**
 * The amount a simulated payment makes for an amount to pay, in its currency's minor units: SHORT
 * is 90 % rounded half up and at least one minor unit less, OVER 110 % and at least one minor unit
 * more. Undefined when SHORT would leave nothing to pay (an amount of one minor unit).
 */
export function simulatedPaymentAmount(payment: SimulatedPayment, due: Money): Money | undefined {
  switch (payment) {
    case 'EXACT':
      return due;
    case 'SHORT': {
      const short = tenthsOf(due.minor, 9n);
      const minor = short < due.minor ? short : due.minor - 1n;
      return minor > 0n ? { currency: due.currency, minor } : undefined;
    }
    case 'OVER': {
      const over = tenthsOf(due.minor, 11n);
      return { currency: due.currency, minor: over > due.minor ? over : due.minor + 1n };
    }
  }
}
