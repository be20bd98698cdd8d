import type { PaymentMethodResponse } from '@/lib/api/responses';
import type { CurrencyCode } from '@/lib/money';

/** What every completion screen gets. */
export interface CompletionContext {
  response: PaymentMethodResponse;
  merchant: string;
  locale: string;
  currency: CurrencyCode;
  /** The amount the customer pays (moneyRequired when present), formatted. */
  toPay: string;
  /** The same amount as it is typed into a banking or wallet app ("1500.50"). */
  toPayPlain: string;
  /** The order amount, formatted. */
  order: string;
  /** Whether the amount to pay differs from the order (moneyRequired explained). */
  differs: boolean;
  paths: { page: string; back: string; confirm: string; reference: string };
}
