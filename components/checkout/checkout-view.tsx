import { getLocale, getTranslations } from 'next-intl/server';
import type { PageMerchant } from '@/bff/payment-page';
import { formatMoney } from '@/lib/format/money-format';
import { refusedGivenFields } from '@/lib/checkout/given-data';
import type { CheckoutParams } from '@/lib/checkout/params';
import { FORM_ERRORS, isPageError } from '@/lib/checkout/page-errors';
import { choiceValue, planCheckout, type PaymentOptionView } from '@/lib/checkout/plan';
import { flatQuery, single, toSearch } from '@/lib/checkout/query';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { METHODS } from '@/lib/methods/catalogue';
import { fieldWordingOf } from '@/lib/methods/field-wording';
import { localOperatorName } from '@/lib/methods/local-names';
import { phoneExample } from '@/lib/methods/phone-numbers';
import { toDecimalString } from '@/lib/money';
import { CUSTOMER_FIELDS, type CustomerField } from '@/lib/schemas/customer-fields';
import { PaymentShell } from '../layout/payment-shell';
import { magicNoteText } from '../sandbox/magic-note';
import { ErrorScreen } from './error-screen';
import { OptionPicker } from './option-picker';
import { OrderSummary } from './order-summary';
import { PayFormIsland } from './pay-form-island';
import type { PayFormProps } from './pay-form-types';
import { ReturnLink } from './return-link';

type Query = Record<string, string | string[] | undefined>;

/** A new payment: choose how to pay (unless the merchant fixed it), give the details, pay. */
export async function CheckoutView({
  params,
  options,
  merchant,
  merchantCode,
  idPayin,
  returnHref,
  query,
  amountUnbound = false,
}: {
  params: CheckoutParams;
  options: PaymentOptionView[];
  merchant: PageMerchant;
  merchantCode: string;
  idPayin: string;
  returnHref: string | undefined;
  query: Query;
  amountUnbound?: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const shop = merchant.name ?? t('common.theShop');
  const [method, operator] = (single(query, 'choice') ?? '').split('|');
  const planned = planCheckout(params, options, {
    method: method || undefined,
    operator: operator || undefined,
  });
  const path = paymentPath(merchantCode, idPayin);
  const errorCode = single(query, 'e');
  const submitted = isPageError(errorCode) ? errorCode : undefined;
  if (!planned.ok || (submitted && !FORM_ERRORS.includes(submitted))) {
    const error = !planned.ok
      ? planned.reason === 'no-options'
        ? 'noOptions'
        : 'methodUnavailable'
      : submitted!;
    // What a refused form changed, as the link names it (bff/create-payin.ts).
    const changed = error === 'linkChanged' ? (single(query, 'f') ?? '').split(',').filter(Boolean) : [];
    return (
      <ErrorScreen
        error={error}
        items={changed}
        merchant={merchant.name}
        isTest={merchant.isTest}
        returnHref={returnHref}
        retryHref={`${path}${toSearch(flatQuery(query))}`}
      />
    );
  }
  const plan = planned.plan;
  const amount = toDecimalString(params.money);
  const currency = params.money.currency;
  const summary = <OrderSummary merchant={shop} amount={amount} currency={currency} />;
  const note = await magicNoteText(params.money, merchant.isTest);
  const way = returnHref && (
    <p className="way-back">
      <ReturnLink href={returnHref} merchant={merchant.name} />
    </p>
  );
  const merchantQuery = flatQuery(query);
  const selection = plan.selection;
  if (!selection || (plan.canChoose && single(query, 'pick') === '1')) {
    return (
      <PaymentShell isTest={merchant.isTest} testNote={note} amountUnbound={amountUnbound}>
        {summary}
        <OptionPicker
          choices={plan.choices}
          checked={selection ?? plan.suggested}
          note={plan.note && t('checkout.preselectionUnavailable', { merchant: shop })}
          carry={merchantQuery}
          currency={params.money.currency}
        />
        {way}
      </PaymentShell>
    );
  }

  const back = toSearch({
    ...merchantQuery,
    ...(single(query, 'choice') && { choice: choiceValue(selection) }),
  });
  // Data the merchant gave that the API would refuse, or did refuse: the customer may correct it.
  const rejected = new Set<CustomerField>([
    ...refusedGivenFields(params, selection),
    ...(single(query, 'f') ?? '')
      .split(',')
      .filter((field): field is CustomerField => (CUSTOMER_FIELDS as readonly string[]).includes(field)),
  ]);
  // Data the token binds cannot be corrected here (docs/decisions/030): a bound value the API
  // would refuse is the shop's link to fix, so the customer is sent back rather than left stuck.
  const boundRefused = [...rejected].filter((field) => params.lockedFields?.includes(field));
  if (boundRefused.length > 0) {
    return (
      <ErrorScreen
        error="parametersInvalid"
        items={boundRefused}
        merchant={merchant.name}
        isTest={merchant.isTest}
        returnHref={returnHref}
      />
    );
  }
  const fields = plan.fields.map((field) => ({
    ...field,
    editable: field.editable || rejected.has(field.field),
    rejected: rejected.has(field.field),
    given: !field.editable,
  }));
  const given = fields.filter((field) => !field.editable);
  const phoneHintExample = phoneExample(currency);
  const wording = (field: CustomerField) => fieldWordingOf(selection.method, field);
  const label = (field: CustomerField) => t(`checkout.fields.${wording(field).label}`);
  // A method's own name for a field (PromptPay ID) is also what its messages call it.
  const fieldName = (field: CustomerField) =>
    wording(field).namedByLabel ? label(field) : t(`errors.parameter.${field}`);
  const props: PayFormProps = {
    action: `${path}/bff/payin`,
    hidden: {
      back,
      amount,
      currencyCode: currency,
      callbackUrl: params.callbackUrl,
      returnUrl: params.returnUrl,
      paymentMethodCode: selection.method,
      ...(selection.operator && { paymentOperatorCode: selection.operator.code }),
      ...Object.fromEntries(given.map((field) => [field.field, field.value])),
    },
    fields: fields
      .filter((field) => field.editable)
      .map((field) => ({
        field: field.field,
        required: field.required,
        value: field.value,
        label: label(field.field),
        // The page promises an e-mail only where one is sent (SMTP_URL set, the merchant's e-mails on).
        hint:
          field.field === 'emailAddress' && merchant.emailsCustomers
            ? t('checkout.hints.emailAddressMailed')
            : t(`checkout.hints.${wording(field.field).hint}`, { example: phoneHintExample }),
        optionalLabel: t('common.optional'),
        ...(field.rejected && {
          error: field.given
            ? t('checkout.validation.givenRejected', { field: fieldName(field.field), merchant: shop })
            : t('checkout.validation.rejected', { field: fieldName(field.field) }),
        }),
      })),
    submitLabel: t('checkout.pay', { amount: formatMoney(locale, amount, currency) }),
    pendingLabel: t('checkout.paying'),
    messages: {
      required: {
        emailAddress: t('checkout.validation.required', { field: fieldName('emailAddress') }),
        phoneNumber: t('checkout.validation.required', { field: fieldName('phoneNumber') }),
        accountName: t('checkout.validation.required', { field: fieldName('accountName') }),
        accountNumber: t('checkout.validation.required', { field: fieldName('accountNumber') }),
      },
      email: t('checkout.validation.email'),
      phone: t('checkout.validation.phone', { example: phoneHintExample }),
      tooLong: t('checkout.validation.tooLong'),
      generic: t('errors.serviceUnavailable'),
    },
    serverError:
      submitted && submitted !== 'detailsRejected' ? t(`errors.${submitted}`, { merchant: shop }) : undefined,
  };

  return (
    <PaymentShell isTest={merchant.isTest} testNote={note} amountUnbound={amountUnbound}>
      {summary}
      <section className="card" aria-labelledby="pay-title">
        <h1 id="pay-title">{t('checkout.heading', { merchant: shop })}</h1>
        <p data-testid="selected-option">
          <strong>{t(METHODS[selection.method].messagesKey)}</strong>
          {selection.operator && ` · ${localOperatorName(locale, currency, selection.operator)}`}{' '}
          {plan.canChoose && (
            <a
              href={`${path}${toSearch({ ...merchantQuery, pick: '1', choice: choiceValue(selection) })}`}
              data-testid="change-option"
            >
              {t('checkout.change')}
            </a>
          )}
        </p>
        {given.length > 0 && (
          <>
            <h2>{t('checkout.detailsGiven', { merchant: shop })}</h2>
            <dl className="given">
              {given.map((field) => (
                <div key={field.field}>
                  <dt>{label(field.field)}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
        {props.fields.length > 0 && <h2>{t('checkout.yourDetails')}</h2>}
        <PayFormIsland {...props} />
      </section>
      {way}
    </PaymentShell>
  );
}
