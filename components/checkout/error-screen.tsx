import { getTranslations } from 'next-intl/server';
import type { PageError } from '@/lib/checkout/page-errors';
import { RETRYABLE_ERRORS } from '@/lib/checkout/page-errors';
import { PaymentShell } from '../layout/payment-shell';
import { BackButton } from '../ui/back-button';
import { ReturnLink } from './return-link';

/** Causes that are not about a payment have a title of their own (messages `errors.<key>Title`). */
const OWN_TITLES: readonly PageError[] = ['pageNotFound'];

/**
 * Why the payment cannot go on, in the customer's words (one message per cause), and the way on:
 * back to the merchant when its address is known, else back in the browser; "Try again" where
 * waiting a moment is all it takes. Never a raw code, a field key or a dead end.
 */
export async function ErrorScreen({
  error,
  items = [],
  values = {},
  merchant,
  isTest = false,
  returnHref,
  retryHref,
}: {
  error: PageError;
  items?: string[];
  /** ICU values of the message beyond the merchant (amounts). */
  values?: Record<string, string>;
  merchant: string | undefined;
  isTest?: boolean;
  returnHref: string | undefined;
  retryHref?: string | undefined;
}) {
  const t = await getTranslations();
  const shop = merchant ?? t('common.theShop');
  const retry = retryHref !== undefined && RETRYABLE_ERRORS.includes(error);
  return (
    <PaymentShell isTest={isTest}>
      <section className="card" aria-labelledby="error-title" data-testid="payment-error" data-error={error}>
        <h1 id="error-title">{OWN_TITLES.includes(error) ? t(`errors.${error}Title`) : t('errors.title')}</h1>
        <p role="alert">{t(`errors.${error}`, { merchant: shop, ...values })}</p>
        {items.length > 0 && (
          <ul>
            {items.map((item) => (
              <li key={item}>{t.has(`errors.parameter.${item}`) ? t(`errors.parameter.${item}`) : item}</li>
            ))}
          </ul>
        )}
        <p className="row">
          {retry && (
            <a className="button" href={retryHref}>
              {t('common.tryAgain')}
            </a>
          )}
          {returnHref ? (
            <ReturnLink href={returnHref} merchant={merchant} primary={!retry} />
          ) : (
            <BackButton label={t('common.goBack')} />
          )}
        </p>
      </section>
    </PaymentShell>
  );
}
