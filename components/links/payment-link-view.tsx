import { getLocale, getTranslations } from 'next-intl/server';
import type { PaymentLinkView } from '@/lib/api/payment-link-responses';
import { formatMoney } from '@/lib/format/money-format';

/**
 * A payment link's page (docs/decisions/051): the shop, what for, the amount (or a field for it
 * within the link's range) and one button. Plain HTML: the form posts to the server, which opens
 * the payment and carries the customer on to the payment page; no JavaScript needed. Opening the
 * page changes nothing (a chat app's link preview takes no payment's place).
 */
export async function PaymentLinkPage({
  link,
  secret,
  amountError,
  typed,
  returned,
}: {
  link: PaymentLinkView;
  secret: string;
  amountError: boolean;
  typed: string | undefined;
  /** The status the payment page reported on the way back (the link is its returnUrl): shown, not trusted. */
  returned: 'SUCCESS' | 'PENDING' | undefined;
}) {
  const [t, locale] = await Promise.all([getTranslations('paymentLink'), getLocale()]);
  const range = link.amountRange;
  const currency = link.money?.currencyCode ?? range?.currencyCode;
  const money = (amount: number) => (currency ? formatMoney(locale, amount, currency) : String(amount));
  const bounds = range && { min: money(range.minAmount), max: money(range.maxAmount) };
  return (
    <section className="card stack" aria-labelledby="link-title" data-testid="link-page">
      <h1 id="link-title">{t('heading', { merchant: link.merchantName })}</h1>
      <dl className="details">
        <div>
          <dt>{t('for')}</dt>
          <dd data-testid="link-description">{link.description}</dd>
        </div>
        {link.money && (
          <div>
            <dt>{t('amount')}</dt>
            <dd data-testid="link-amount">{money(link.money.amount)}</dd>
          </div>
        )}
      </dl>
      {returned ? (
        <p role="status" className="notice" data-testid="link-returned" data-status={returned}>
          {t(`returned.${returned}`, { merchant: link.merchantName })}
        </p>
      ) : link.status !== 'ACTIVE' ? (
        <p role="status" className="notice" data-testid="link-closed" data-status={link.status}>
          {t(`closed.${link.status}`, { merchant: link.merchantName })}
        </p>
      ) : (
        <form method="post" action={`/links/${encodeURIComponent(secret)}/start`} className="stack">
          {range && bounds && (
            <div className="field">
              <label htmlFor="link-amount-input">{t('chooseAmount', { currency: range.currencyCode })}</label>
              <input
                id="link-amount-input"
                data-testid="link-amount-input"
                name="amount"
                required
                inputMode="decimal"
                autoComplete="off"
                defaultValue={typed}
                aria-invalid={amountError || undefined}
                aria-describedby={amountError ? 'link-amount-hint link-amount-error' : 'link-amount-hint'}
              />
              <p className="hint" id="link-amount-hint">
                {t('range', bounds)}
              </p>
              {amountError && (
                <p className="error" role="alert" id="link-amount-error" data-testid="link-amount-error">
                  {t('amountInvalid', bounds)}
                </p>
              )}
            </div>
          )}
          <button type="submit" className="button" data-testid="link-pay">
            {link.money ? t('payAmount', { amount: money(link.money.amount) }) : t('pay')}
          </button>
        </form>
      )}
    </section>
  );
}
