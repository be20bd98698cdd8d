import { getLocale, getTranslations } from 'next-intl/server';
import { PaymentShell } from '@/components/layout/payment-shell';
import { apiForCustomer } from '@/bff/customer-api';
import { single } from '@/lib/checkout/query';
import { safeReturnPath } from '@/lib/checkout/return-path';
import { formatMoney } from '@/lib/format/money-format';

type Query = Record<string, string | string[] | undefined>;

/**
 * The simulated bank or wallet behind redirectTo: the customer sees who is paid and how much, and
 * approves or declines, as in a real institution's page. Only test payments can be decided here.
 */
export default async function InstitutionPage({
  params,
  searchParams,
}: {
  params: Promise<{ session: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ session }, query, t, locale] = await Promise.all([
    params,
    searchParams,
    getTranslations('sandbox.institution'),
    getLocale(),
  ]);
  const result = await (await apiForCustomer(undefined)).institutionSession(decodeURIComponent(session));
  if (!result.ok) {
    return (
      <PaymentShell>
        <section className="card" role="alert">
          <p>{t('notFound')}</p>
        </section>
      </PaymentShell>
    );
  }
  const payment = result.data;
  const institution = payment.paymentOperator?.name ?? 'Sandbox Bank';
  const returnPath = safeReturnPath(single(query, 'return'));
  const amount = formatMoney(locale, payment.money.amount, payment.money.currencyCode);
  const back = returnPath ?? payment.returnUrl;
  return (
    <PaymentShell isTest={payment.isTest}>
      <section className="card" aria-labelledby="institution-title">
        <h1 id="institution-title">{t('title', { institution })}</h1>
        <p>{payment.isTest ? t('intro') : t('live')}</p>
        <dl className="details">
          <div>
            <dt>{t('payTo')}</dt>
            <dd>{payment.merchantName}</dd>
          </div>
          <div>
            <dt>{t('amount')}</dt>
            <dd>{amount}</dd>
          </div>
        </dl>
        {payment.status === 'PENDING' && payment.isTest ? (
          <form
            method="post"
            action={`/sandbox/institution/${encodeURIComponent(session)}/decide`}
            className="stack"
          >
            {returnPath && <input type="hidden" name="return" value={returnPath} />}
            <button
              type="submit"
              name="decision"
              value="approve"
              className="button"
              data-testid="institution-approve"
            >
              {t('approve')}
            </button>
            <button
              type="submit"
              name="decision"
              value="decline"
              className="button secondary"
              data-testid="institution-decline"
            >
              {t('decline')}
            </button>
          </form>
        ) : (
          <>
            {payment.status !== 'PENDING' && <p role="status">{t('final', { status: payment.status })}</p>}
            <p>
              <a className="button" href={back}>
                {t('back')}
              </a>
            </p>
          </>
        )}
      </section>
    </PaymentShell>
  );
}
