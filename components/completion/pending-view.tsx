import { getTranslations } from 'next-intl/server';
import type { PayinResource } from '@/lib/api/responses';
import { isPageError } from '@/lib/checkout/page-errors';
import { flatQuery, single, toSearch } from '@/lib/checkout/query';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { formatDateTime, formatMoney, plainAmount } from '@/lib/format/money-format';
import { remainingToPay, toDecimalString } from '@/lib/money';
import { completionKindOf } from '@/lib/methods/completion';
import { ReturnLink } from '../checkout/return-link';
import { Countdown } from '../live/countdown';
import { SandboxControls } from '../sandbox/sandbox-controls';
import { ConfirmPaid } from './confirm-paid';
import { DeepLinkScreen } from './deeplink-screen';
import { ExternalReferenceScreen } from './external-reference-screen';
import { accountDetails } from './account-details';
import { CryptoScreen } from './crypto-screen';
import { InstructionsScreen } from './instructions-screen';
import { PushScreen } from './push-screen';
import { QrScreen } from './qr-screen';
import { RedirectScreen } from './redirect-screen';
import type { CompletionContext } from './types';

type Query = Record<string, string | string[] | undefined>;

/** Countdown shows in the last five minutes (or the last third of a short validity). */
const COUNTDOWN_SECONDS = 300;

/**
 * An open payment: the screen of its completion kind (one component per kind, driven by the
 * response), the optional "I have paid", the countdown near the end, the live status and, for test
 * payments, the sandbox controls.
 */
export async function PendingView({
  payin,
  merchant,
  locale,
  merchantCode,
  returnHref,
  query,
  confirmed,
}: {
  payin: PayinResource;
  merchant: string;
  locale: string;
  merchantCode: string;
  returnHref: string;
  query: Query;
  confirmed: boolean;
}) {
  const t = await getTranslations();
  const response = payin.paymentMethodResponse;
  const kind = completionKindOf(response);
  const currency = response.money.currencyCode;
  // Once part of the money arrived, every amount the customer is asked for is the rest.
  const dueMoney = response.moneyRequired ?? response.money;
  const toPayMoney = payin.process.moneyOutstanding ?? dueMoney;
  const path = paymentPath(merchantCode, response.idPayin);
  const back = toSearch(flatQuery(query));
  const context: CompletionContext = {
    response,
    merchant,
    locale,
    currency,
    toPay: formatMoney(locale, toPayMoney.amount, currency),
    toPayPlain: plainAmount(toPayMoney.amount, currency),
    order: formatMoney(locale, response.money.amount, currency),
    // The unique amount's note; once part is paid, the partly-paid notice says what is asked instead.
    differs: !payin.process.moneyOutstanding && dueMoney.amount !== response.money.amount,
    paths: { page: path, back, confirm: `${path}/bff/confirm`, reference: `${path}/bff/reference` },
  };
  const referenceError = single(query, 'referr');
  const simulation = single(query, 'sim');
  const simulationError =
    simulation === undefined
      ? undefined
      : simulation === 'EXTERNAL_REFERENCE_REQUIRED' || simulation === 'PAYIN_FINAL'
        ? simulation
        : 'FAILED';
  const received = payin.process.moneyReceived;
  // The API says what is outstanding; a response without it (an older server) is worked out here.
  const computed = !payin.process.moneyOutstanding && received && remainingToPay(dueMoney, received);
  const remaining = payin.process.moneyOutstanding
    ? formatMoney(locale, payin.process.moneyOutstanding.amount, currency)
    : computed
      ? formatMoney(locale, toDecimalString(computed), currency)
      : undefined;

  let screen;
  switch (kind) {
    case 'redirect':
      screen = <RedirectScreen context={context} />;
      break;
    case 'qr':
      screen = <QrScreen context={context} details={await accountDetails(context)} />;
      break;
    case 'deeplink':
      screen = <DeepLinkScreen context={context} />;
      break;
    case 'push':
      screen = <PushScreen context={context} />;
      break;
    case 'external-reference':
      screen = (
        <ExternalReferenceScreen
          context={context}
          saved={single(query, 'ref') === 'saved'}
          error={
            referenceError === 'invalid'
              ? t('checkout.validation.reference')
              : isPageError(referenceError)
                ? t(`errors.${referenceError}`, { merchant })
                : referenceError
                  ? t('errors.generic')
                  : undefined
          }
        />
      );
      break;
    default:
      screen = response.cryptoPayment ? (
        <CryptoScreen context={context} />
      ) : (
        <InstructionsScreen context={context} />
      );
  }
  const createdAt = Date.parse(payin.process.createdAt);
  const validitySeconds = (Date.parse(response.expireAt) - createdAt) / 1000;

  return (
    <>
      <Countdown
        expireAt={response.expireAt}
        locale={locale}
        template={t('status.expiresIn', { time: '%TIME%' })}
        showBelowSeconds={Math.min(COUNTDOWN_SECONDS, Math.max(60, validitySeconds / 3))}
      />
      {received && remaining && (
        <p className="notice" role="status" data-testid="money-received">
          {t('status.partlyPaid', {
            received: formatMoney(locale, received.amount, currency),
            amount: formatMoney(locale, dueMoney.amount, currency),
            remaining,
          })}
        </p>
      )}
      {screen}
      {(kind === 'instructions' || kind === 'qr') && (
        <section className="card">
          <ConfirmPaid action={context.paths.confirm} back={back} confirmed={confirmed} />
        </section>
      )}
      <p className="hint">
        {t('status.expiresAt', { time: formatDateTime(locale, response.expireAt, currency) })}
      </p>
      <section className="card leave" aria-labelledby="leave-title">
        <h2 id="leave-title">{t('status.leave.title')}</h2>
        <p>{t('status.leave.body', { merchant })}</p>
        <p>
          <ReturnLink href={returnHref} merchant={merchant} />
        </p>
      </section>
      <noscript>
        <meta httpEquiv="refresh" content="10" />
      </noscript>
      {payin.process.isTest && (
        <SandboxControls
          action={`${path}/bff/simulate`}
          back={back}
          kind={kind}
          error={simulationError && t(`sandbox.errors.${simulationError}`)}
        />
      )}
    </>
  );
}
