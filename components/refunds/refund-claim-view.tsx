import { getLocale, getTranslations } from 'next-intl/server';
import type { RefundClaim } from '@/lib/api/refund-responses';
import { claimFieldsOf, type ClaimField, type ClaimOption } from '@/lib/checkout/refund-claim-form';
import { formatDateTime, formatMoney } from '@/lib/format/money-format';
import { localOperatorName } from '@/lib/methods/local-names';
import { ClaimFormChecks } from './claim-form-checks';
import type { CurrencyCode } from '@/lib/money';
import type { PayoutMethodCode } from '@/lib/payouts/methods';

/** Each method's words: what its operator is (when it has one) and what its account number is. */
const LABELS: Record<
  PayoutMethodCode,
  {
    operator: 'bank' | 'mobileNetwork' | 'chain' | undefined;
    number: 'accountNumber' | 'walletNumber' | 'address' | 'promptPayId' | 'upiId';
  }
> = {
  BANK_TRANSFER: { operator: 'bank', number: 'accountNumber' },
  PROMPTPAY: { operator: undefined, number: 'promptPayId' },
  UPI: { operator: undefined, number: 'upiId' },
  MOBILE_MONEY: { operator: 'mobileNetwork', number: 'walletNumber' },
  CRYPTO: { operator: 'chain', number: 'address' },
};

/**
 * The payer's refund claim: who refunds how much and why, then where to receive it. Plain HTML: the
 * method choice is a link and the form a POST (no JavaScript needed); a refusal comes back as the
 * names of the fields to fix, never with what was typed in the URL.
 */
export async function RefundClaimView({
  claim,
  secret,
  option,
  invalid,
  operator,
  closed,
}: {
  claim: RefundClaim;
  secret: string;
  option: ClaimOption | undefined;
  invalid: readonly string[];
  operator: string | undefined;
  closed: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations('refundClaim'), getLocale()]);
  const currency = claim.money.currencyCode;
  const amount = formatMoney(locale, claim.money.amount, currency);
  const base = `/refunds/claim/${encodeURIComponent(secret)}`;
  const ending = claim.destination?.accountEnding ?? '';
  return (
    <section className="card stack" aria-labelledby="claim-title">
      {claim.isTest && (
        <p className="test-banner" role="note" data-testid="test-banner">
          {t('testBanner')}
        </p>
      )}
      <h1 id="claim-title">{t('title', { merchant: claim.merchantName, amount })}</h1>
      <dl className="details">
        <div>
          <dt>{t('from')}</dt>
          <dd>{claim.merchantName}</dd>
        </div>
        <div>
          <dt>{t('amount')}</dt>
          <dd data-testid="claim-amount">{amount}</dd>
        </div>
        {claim.reason && (
          <div>
            <dt>{t('reason')}</dt>
            <dd>{claim.reason}</dd>
          </div>
        )}
        {claim.state === 'OPEN' && (
          <div>
            <dt>{t('deadline')}</dt>
            <dd>{formatDateTime(locale, claim.expiresAt, currency)}</dd>
          </div>
        )}
      </dl>
      {claim.state !== 'OPEN' ? (
        <p role="status" data-testid="claim-state" data-state={claim.state}>
          {t(`states.${claim.state}`, { merchant: claim.merchantName, amount, ending })}
        </p>
      ) : (
        <>
          {closed && (
            <p className="error" role="alert">
              {t('closed')}
            </p>
          )}
          <p>{t('intro')}</p>
          {claim.options.length > 1 && (
            <nav aria-label={t('receiveBy')}>
              <p>{t('receiveBy')}</p>
              <ul className="choices" role="list">
                {claim.options.map((choice) => (
                  <li key={choice.paymentMethodCode}>
                    <a
                      href={`${base}?method=${choice.paymentMethodCode}`}
                      aria-current={choice === option ? 'page' : undefined}
                      className={choice === option ? 'choice current' : 'choice'}
                    >
                      {t(`methods.${choice.paymentMethodCode}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {option && (
            <ClaimForm
              option={option}
              action={`${base}/submit`}
              invalid={invalid}
              operator={operator}
              currency={currency}
            />
          )}
        </>
      )}
    </section>
  );
}

async function ClaimForm({
  option,
  action,
  invalid,
  operator,
  currency,
}: {
  option: ClaimOption;
  action: string;
  invalid: readonly string[];
  operator: string | undefined;
  currency: CurrencyCode;
}) {
  const [t, common, locale] = await Promise.all([
    getTranslations('refundClaim'),
    getTranslations('common'),
    getLocale(),
  ]);
  const method = option.paymentMethodCode;
  const words = LABELS[method];
  const label = (field: ClaimField) =>
    field === 'paymentOperatorCode'
      ? t(`fields.${words.operator ?? 'bank'}`)
      : field === 'accountNumber'
        ? t(`fields.${words.number}`)
        : t(`fields.${field}`);
  const hint = (field: ClaimField) =>
    field === 'bankCode' || field === 'accountName'
      ? t(`hints.${field}`)
      : field === 'accountNumber'
        ? t(`hints.${words.number}`)
        : undefined;
  return (
    <form method="post" action={action} className="stack" data-testid="claim-form" id="claim-form">
      <ClaimFormChecks
        formId="claim-form"
        missing={Object.fromEntries(
          claimFieldsOf(option)
            .filter(({ required }) => required)
            .map(({ field }) => [field, t('missing', { field: label(field) })]),
        )}
      />
      <input type="hidden" name="paymentMethodCode" value={method} />
      {invalid.length > 0 && (
        <p className="error" role="alert" data-testid="claim-errors">
          {t('errorSummary')} {invalid.includes('other') && t('invalid.other')}
        </p>
      )}
      {claimFieldsOf(option).map(({ field, required }) => {
        const id = `claim-${field}`;
        const refused = invalid.includes(field);
        const help = hint(field);
        const describedBy =
          [help && `${id}-hint`, refused && `${id}-error`].filter(Boolean).join(' ') || undefined;
        return (
          <div className="field" key={field}>
            <label htmlFor={id}>
              {label(field)}
              {!required && <span className="hint"> ({common('optional')})</span>}
            </label>
            {field === 'paymentOperatorCode' ? (
              <select
                id={id}
                name={field}
                required
                defaultValue={operator ?? ''}
                aria-invalid={refused || undefined}
                aria-describedby={describedBy}
              >
                <option value="" disabled>
                  {t('choose')}
                </option>
                {option.paymentOperators.map((choice) => (
                  <option key={choice.code} value={choice.code}>
                    {localOperatorName(locale, currency, choice)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={field}
                required={required}
                autoComplete={field === 'accountName' ? 'name' : 'off'}
                inputMode={
                  field === 'accountNumber' && ['BANK_TRANSFER', 'PROMPTPAY', 'MOBILE_MONEY'].includes(method)
                    ? 'numeric'
                    : undefined
                }
                type={field === 'accountNumber' && method === 'MOBILE_MONEY' ? 'tel' : 'text'}
                spellCheck={false}
                aria-invalid={refused || undefined}
                aria-describedby={describedBy}
              />
            )}
            {help && (
              <p className="hint" id={`${id}-hint`}>
                {help}
              </p>
            )}
            {refused && (
              <p className="error" id={`${id}-error`} data-testid={`claim-error-${field}`}>
                {t(`invalid.${field}`)}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button" data-testid="claim-submit">
        {t('submit')}
      </button>
    </form>
  );
}
