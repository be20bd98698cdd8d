import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorScreen } from '@/components/checkout/error-screen';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { PendingView } from '@/components/completion/pending-view';
import { FinalScreen } from '@/components/completion/final-screen';
import { PaymentShell } from '@/components/layout/payment-shell';
import { apiForCustomer } from '@/lib/checkout/bff';
import { parseCheckoutParams } from '@/lib/checkout/params';
import { CONFIRMED_COOKIE, paymentPath, SESSION_COOKIE, tokenSubject } from '@/lib/checkout/session-cookie';
import { StatusIsland } from '@/components/live/status-island';
import { formatMoney } from '@/lib/format/money-format';
import { toDecimalString } from '@/lib/money';

type Query = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('titleGeneric') };
}

/**
 * The payment page: an existing payment shows its current screen (reload, back, second tab never
 * create twice); a new one shows the checkout for the merchant's scenario. Everything is fetched on
 * the server with the customer's token, through the public API.
 */
export default async function PaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ merchantCode: string; idPayin: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ merchantCode: rawMerchant, idPayin: rawId }, query, jar, locale, t] = await Promise.all([
    params,
    searchParams,
    cookies(),
    getLocale(),
    getTranslations(),
  ]);
  const merchantCode = decodeURIComponent(rawMerchant);
  const idPayin = decodeURIComponent(rawId);
  const token = jar.get(SESSION_COOKIE)?.value;
  if (!token) return <ErrorScreen message={t('errors.sessionMissing')} />;
  if (tokenSubject(token) !== merchantCode) return <ErrorScreen message={t('errors.tokenOtherMerchant')} />;

  const api = await apiForCustomer(token);
  const [existing, info] = await Promise.all([api.getPayin(idPayin), api.merchantInfo()]);
  if (!existing.ok && existing.status !== 404) {
    const code = existing.problem?.code;
    const message =
      existing.status === 401
        ? t(code === 'TOKEN_EXPIRED' ? 'errors.tokenExpired' : 'errors.tokenInvalid')
        : existing.status === 403
          ? t('errors.notAllowed')
          : t('errors.unavailable');
    return <ErrorScreen message={message} />;
  }
  const merchant = info.ok ? info.data.channelInfo.name : merchantCode;
  const isTestMerchant = info.ok && info.data.isTest === true;

  if (existing.ok) {
    const payin = existing.data;
    const response = payin.paymentMethodResponse;
    const { status, processorStatus, isTest } = payin.process;
    const live = (
      <StatusIsland
        statusUrl={`${paymentPath(merchantCode, idPayin)}/bff/payin`}
        active={status === 'PENDING'}
        announcements={{
          success: t('status.announce.success'),
          refused: t('status.announce.refused'),
          expired: t('status.announce.expired'),
        }}
      />
    );
    if (status !== 'PENDING') {
      const amount = formatMoney(locale, response.money.amount, response.money.currencyCode);
      const outcome =
        status === 'SUCCESS' ? 'success' : processorStatus === 'EXPIRED' ? 'expired' : 'refused';
      return (
        <PaymentShell isTest={isTest} live={live}>
          <FinalScreen outcome={outcome} merchant={merchant} amount={amount} returnUrl={response.returnUrl} />
        </PaymentShell>
      );
    }
    return (
      <PaymentShell isTest={isTest} live={live}>
        <PendingView
          payin={payin}
          merchant={merchant}
          locale={locale}
          merchantCode={merchantCode}
          query={query}
          confirmed={jar.get(CONFIRMED_COOKIE)?.value === '1'}
        />
      </PaymentShell>
    );
  }

  const parsed = parseCheckoutParams(query);
  if (!parsed.ok) {
    return (
      <ErrorScreen
        message={t('errors.invalidParameters')}
        items={parsed.invalid.map((name) =>
          t.has(`errors.parameter.${name}`) ? t(`errors.parameter.${name}`) : name,
        )}
      />
    );
  }
  const options = await api.availablePaymentOptions({
    amount: Number(toDecimalString(parsed.params.money)),
    currencyCode: parsed.params.money.currency,
  });
  if (!options.ok)
    return (
      <ErrorScreen message={options.status === 403 ? t('errors.notAllowed') : t('errors.unavailable')} />
    );
  return (
    <PaymentShell isTest={isTestMerchant}>
      <CheckoutView
        params={parsed.params}
        options={options.data.data}
        merchant={merchant}
        merchantCode={merchantCode}
        idPayin={idPayin}
        query={query}
      />
    </PaymentShell>
  );
}
