import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { loadPaymentPage } from '@/bff/payment-page';
import { CheckoutView } from '@/components/checkout/checkout-view';
import { ErrorScreen } from '@/components/checkout/error-screen';
import { PayinView } from '@/components/completion/payin-view';
import { CONFIRMED_COOKIE, paymentPath } from '@/lib/checkout/session-cookie';
import { flatQuery, toSearch } from '@/lib/checkout/query';
import { formatMoney } from '@/lib/format/money-format';
import { toDecimalString } from '@/lib/money';
import { parseCheckoutParams } from '@/lib/checkout/params';

type Query = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('titleGeneric') };
}

/**
 * The payment page: an existing payment shows its current screen (reload, back and a second tab
 * never create twice); a new one shows the checkout for the merchant's scenario; anything else says
 * why, with the way back. Everything is read on the server through the public API (bff/).
 */
export default async function PaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ merchantCode: string; idPayin: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ merchantCode: rawMerchant, idPayin: rawId }, query, jar, locale] = await Promise.all([
    params,
    searchParams,
    cookies(),
    getLocale(),
  ]);
  const merchantCode = decodeURIComponent(rawMerchant);
  const idPayin = decodeURIComponent(rawId);
  const model = await loadPaymentPage({ merchantCode, idPayin, query });
  const page = paymentPath(merchantCode, idPayin);

  if (model.kind === 'error') {
    const link = parseCheckoutParams(query);
    const values: Record<string, string> =
      model.error === 'amountNotAuthorised' && link.ok
        ? {
            amount: formatMoney(locale, toDecimalString(link.params.money), link.params.money.currency),
            allowed: model.allowed
              ? formatMoney(locale, toDecimalString(model.allowed), model.allowed.currency)
              : '',
          }
        : {};
    return (
      <ErrorScreen
        error={model.error}
        items={model.items}
        values={values}
        merchant={model.merchant.name}
        isTest={model.merchant.isTest}
        returnHref={model.returnHref}
        retryHref={`${page}${toSearch(flatQuery(query))}`}
      />
    );
  }
  if (model.kind === 'payin') {
    return (
      <PayinView
        payin={model.payin}
        merchant={model.merchant.name ?? merchantCode}
        merchantCode={merchantCode}
        returnHref={model.returnHref}
        query={query}
        confirmed={jar.get(CONFIRMED_COOKIE)?.value === '1'}
        linkMoney={model.linkMoney}
      />
    );
  }
  return (
    <CheckoutView
      params={model.params}
      options={model.options}
      merchant={model.merchant}
      merchantCode={merchantCode}
      idPayin={idPayin}
      returnHref={model.returnHref}
      query={query}
      amountUnbound={model.amountUnbound}
    />
  );
}
