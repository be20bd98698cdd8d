import type { PaymentMethodResponse } from '@/lib/api/responses';

/** What every completion screen gets. */
export interface CompletionContext {
  response: PaymentMethodResponse;
  merchant: string;
  locale: string;
  /** The amount the customer pays (moneyRequired when present), formatted. */
  toPay: string;
  /** The order amount, formatted. */
  order: string;
  /** Whether the amount to pay differs from the order (moneyRequired explained). */
  differs: boolean;
  paths: { page: string; back: string; confirm: string; reference: string };
}
