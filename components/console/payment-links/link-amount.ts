import type { PaymentLinkPage } from '@/lib/api/payment-link-responses';
import { formatMoney } from '@/lib/format/money-format';

type LinkTerms = Pick<PaymentLinkPage['data'][number], 'money' | 'amountRange'>;

/** A link's amount in the person's language: the fixed amount, or the range the customer chooses in. */
export function linkAmountText(locale: string, link: LinkTerms): string {
  if (link.money) return formatMoney(locale, link.money.amount, link.money.currencyCode);
  if (link.amountRange) {
    const { minAmount, maxAmount, currencyCode } = link.amountRange;
    return `${formatMoney(locale, minAmount, currencyCode)} – ${formatMoney(locale, maxAmount, currencyCode)}`;
  }
  return '—';
}
