import { getLocale, getTranslations } from 'next-intl/server';
import { formatMoney } from '@/lib/format/money-format';
import type { CheckoutParams } from '@/lib/checkout/params';
import { planCheckout, type PaymentOptionView } from '@/lib/checkout/plan';
import { flatQuery, single, toSearch } from '@/lib/checkout/query';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { isMethodCode } from '@/lib/methods/catalogue';
import { phoneExample } from '@/lib/methods/phone-numbers';
import { toDecimalString } from '@/lib/money';
import { OptionPicker, choiceValue } from './option-picker';
import { OrderSummary } from './order-summary';
import { PayFormIsland } from './pay-form-island';
import type { PayFormProps } from './pay-form-types';

type Query = Record<string, string | string[] | undefined>;

/** A new payment: choose how to pay (unless the merchant fixed it), give the details, pay. */
export async function CheckoutView({
  params,
  options,
  merchant,
  merchantCode,
  idPayin,
  query,
}: {
  params: CheckoutParams;
  options: PaymentOptionView[];
  merchant: string;
  merchantCode: string;
  idPayin: string;
  query: Query;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const [method, operator] = (single(query, 'choice') ?? '').split('|');
  const plan = planCheckout(params, options, {
    method: method && isMethodCode(method) ? method : undefined,
    operator: operator || undefined,
  });
  const amount = toDecimalString(params.money);
  const summary = <OrderSummary merchant={merchant} amount={amount} currency={params.money.currency} />;
  if (!plan.ok) {
    return (
      <>
        {summary}
        <section className="card" role="alert">
          <p>{t(plan.reason === 'no-options' ? 'errors.noOptions' : 'errors.notAllowed')}</p>
        </section>
      </>
    );
  }
  const { selection, canChooseOption, fields } = plan.plan;
  const merchantQuery = flatQuery(query);
  if (!selection || (canChooseOption && single(query, 'pick') === '1')) {
    return (
      <>
        {summary}
        <OptionPicker options={plan.plan.options} selection={selection} carry={merchantQuery} />
      </>
    );
  }

  const path = paymentPath(merchantCode, idPayin);
  const back = toSearch({
    ...merchantQuery,
    ...(single(query, 'choice') && { choice: choiceValue(selection.method, selection.operator) }),
  });
  const given = fields.filter((field) => !field.editable);
  const currency = params.money.currency;
  const errorCode = single(query, 'e');
  // Customers write their number as they know it; the API normalises it for the country.
  const phoneHintExample = phoneExample(currency);
  const operatorName = plan.plan.options
    .find((option) => option.paymentMethodCode === selection.method)
    ?.paymentOperators.find((candidate) => candidate.code === selection.operator)?.name;
  const props: PayFormProps = {
    action: `${path}/bff/payin`,
    hidden: {
      back,
      amount,
      currencyCode: currency,
      callbackUrl: params.callbackUrl,
      returnUrl: params.returnUrl,
      paymentMethodCode: selection.method,
      ...(selection.operator && { paymentOperatorCode: selection.operator }),
      ...Object.fromEntries(given.map((field) => [field.field, field.value])),
    },
    fields: fields
      .filter((field) => field.editable)
      .map((field) => ({
        field: field.field,
        required: field.required,
        value: field.value,
        label: t(`checkout.fields.${field.field}`),
        hint: t(`checkout.hints.${field.field}`, { example: phoneHintExample }),
        optionalLabel: t('common.optional'),
      })),
    submitLabel: t('checkout.pay', { amount: formatMoney(locale, amount, currency) }),
    pendingLabel: t('checkout.paying'),
    messages: {
      required: {
        emailAddress: t('checkout.validation.required', { field: t('errors.parameter.emailAddress') }),
        phoneNumber: t('checkout.validation.required', { field: t('errors.parameter.phoneNumber') }),
        accountName: t('checkout.validation.required', { field: t('errors.parameter.accountName') }),
        accountNumber: t('checkout.validation.required', { field: t('errors.parameter.accountNumber') }),
      },
      email: t('checkout.validation.email'),
      phone: t('checkout.validation.phone', { example: phoneHintExample }),
      tooLong: t('checkout.validation.tooLong'),
      generic: t('errors.generic'),
    },
    serverError: errorCode ? t('errors.createFailed', { reason: errorCode }) : undefined,
  };

  return (
    <>
      {summary}
      <section className="card" aria-labelledby="pay-title">
        <h1 id="pay-title">{t('checkout.heading', { merchant })}</h1>
        <p>
          <strong>{t(`methods.${selection.method}`)}</strong>
          {operatorName && ` · ${operatorName}`}{' '}
          {canChooseOption && (
            <a
              href={`${path}${toSearch({ ...merchantQuery, pick: '1', choice: choiceValue(selection.method, selection.operator) })}`}
            >
              {t('checkout.change')}
            </a>
          )}
        </p>
        {given.length > 0 && (
          <>
            <h2>{t('checkout.detailsGiven', { merchant })}</h2>
            <dl className="given">
              {given.map((field) => (
                <div key={field.field}>
                  <dt>{t(`checkout.fields.${field.field}`)}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {props.fields.length > 0 && <h2>{t('checkout.yourDetails')}</h2>}
        <PayFormIsland {...props} />
      </section>
    </>
  );
}
