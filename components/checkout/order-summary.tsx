import { getLocale, getTranslations } from 'next-intl/server';
import type { CurrencyCode } from '@/lib/money';
import { formatMoney } from '@/lib/format/money-format';

/** The merchant and the amount, at the top of every step. */
export async function OrderSummary({
  merchant,
  amount,
  currency,
}: {
  merchant: string;
  amount: number | string;
  currency: CurrencyCode;
}) {
  const [locale, t] = await Promise.all([getLocale(), getTranslations('checkout')]);
  return (
    <section className="card" aria-label={t('amountDue')}>
      <p className="merchant">{merchant}</p>
      <p className="amount">{formatMoney(locale, amount, currency)}</p>
    </section>
  );
}
