import { getLocale, getTranslations } from 'next-intl/server';
import type { PayinResource } from '@/lib/api/responses';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { formatMoney } from '@/lib/format/money-format';
import { parseAmount, toDecimalString, type CurrencyCode, type Money } from '@/lib/money';
import { magicNoteText } from '../sandbox/magic-note';
import { PaymentShell } from '../layout/payment-shell';
import { StatusIsland } from '../live/status-island';
import { FinalScreen, outcomeOf } from './final-screen';
import { PendingView } from './pending-view';

type Query = Record<string, string | string[] | undefined>;

/** A payment that exists: its completion screen while open, its result once final, live either way. */
export async function PayinView({
  payin,
  merchant,
  merchantCode,
  returnHref,
  query,
  confirmed,
  linkMoney,
}: {
  payin: PayinResource;
  merchant: string;
  merchantCode: string;
  returnHref: string;
  query: Query;
  confirmed: boolean;
  /** The link asks for this other amount: the existing payment counts, and the page says so. */
  linkMoney?: Money | undefined;
}) {
  const [t, tStatus, locale] = await Promise.all([
    getTranslations('status.announce'),
    getTranslations('status'),
    getLocale(),
  ]);
  const response = payin.paymentMethodResponse;
  const { status, isTest } = payin.process;
  const received = payin.process.moneyReceived;
  const late = payin.process.moneyReceivedLate;
  const format = (money: { amount: number; currencyCode: CurrencyCode } | undefined) =>
    money && formatMoney(locale, money.amount, money.currencyCode);
  const order = parseAmount(response.money.amount, response.money.currencyCode);
  const note = await magicNoteText(order.ok ? order.money : undefined, isTest && status === 'PENDING');
  const live = (
    <StatusIsland
      statusUrl={`${paymentPath(merchantCode, response.idPayin)}/bff/payin`}
      active={status === 'PENDING'}
      received={received?.amount}
      announcements={{ success: t('success'), refused: t('refused'), expired: t('expired') }}
    />
  );
  return (
    <PaymentShell
      isTest={isTest}
      sandboxControls={isTest && status === 'PENDING'}
      testNote={note}
      live={live}
    >
      {linkMoney && (
        <p className="notice" role="note" data-testid="link-mismatch">
          {tStatus('linkMismatch', {
            linkAmount: formatMoney(locale, toDecimalString(linkMoney), linkMoney.currency),
            amount: formatMoney(locale, response.money.amount, response.money.currencyCode),
            merchant,
          })}
        </p>
      )}
      {status === 'PENDING' ? (
        <PendingView
          payin={payin}
          merchant={merchant}
          locale={locale}
          merchantCode={merchantCode}
          returnHref={returnHref}
          query={query}
          confirmed={confirmed}
        />
      ) : (
        <FinalScreen
          outcome={outcomeOf(payin.process)}
          processorStatus={payin.process.processorStatus}
          merchant={merchant}
          amount={formatMoney(locale, response.money.amount, response.money.currencyCode)}
          received={format(received)}
          receivedLate={format(late)}
          returnHref={returnHref}
        />
      )}
    </PaymentShell>
  );
}
