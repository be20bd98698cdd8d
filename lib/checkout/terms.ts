import { isCurrencyCode, parseAmount, sameMoney, type CurrencyCode } from '../money';
import { comparableCustomerValue } from '../schemas/customer-comparison';
import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';
import type { CheckoutParams } from './params';
import type { PaymentSubmission } from './submission';
import type { BoundTerms } from './session-cookie';

/**
 * A payment link against the terms its token binds (docs/decisions/030). The API refuses a create
 * that contradicts them; the page says so before the customer sees a form, and shows the bound
 * values rather than the link's. Values compare as the API compares them (comparableCustomerValue).
 */

/** What a link or a posted pay form says about the terms a token can bind. */
interface Stated {
  callbackUrl: string | undefined;
  returnUrl: string | undefined;
  paymentMethodCode: string | undefined;
  paymentOperatorCode: string | undefined;
  customerData: Partial<Record<CustomerField, string>>;
  currency: CurrencyCode | undefined;
}

function conflicts(stated: Stated, terms: BoundTerms | undefined): string[] {
  if (!terms) return [];
  const given = (value: string | undefined) => (value?.trim() === '' ? undefined : value?.trim());
  const differs = (bound: string | undefined, value: string | undefined) =>
    bound !== undefined && given(value) !== undefined && bound !== given(value);
  return [
    differs(terms.callbackUrl, stated.callbackUrl) && 'callbackUrl',
    differs(terms.returnUrl, stated.returnUrl) && 'returnUrl',
    differs(terms.paymentMethodCode, stated.paymentMethodCode) && 'paymentMethodCode',
    differs(terms.paymentOperatorCode, stated.paymentOperatorCode) && 'paymentOperatorCode',
    ...CUSTOMER_FIELDS.map(
      (field) =>
        differs(
          comparableCustomerValue(field, terms.customer?.[field], stated.currency),
          comparableCustomerValue(field, stated.customerData[field], stated.currency),
        ) && field,
    ),
  ].filter((name): name is string => typeof name === 'string');
}

/** The link's parameters that contradict the token's terms (named as the link names them). */
export function termsConflicts(params: CheckoutParams, terms: BoundTerms | undefined): string[] {
  return conflicts(
    {
      callbackUrl: params.callbackUrl,
      returnUrl: params.returnUrl,
      paymentMethodCode: params.paymentMethodCode,
      paymentOperatorCode: params.paymentOperatorCode,
      customerData: params.customerData,
      currency: params.money.currency,
    },
    terms,
  );
}

function sameAmount(submission: PaymentSubmission, money: { amount: number; currencyCode: string }) {
  const currency = money.currencyCode;
  if (currency !== submission.currencyCode || !isCurrencyCode(currency)) return false;
  const allowed = parseAmount(money.amount, currency);
  const posted = parseAmount(submission.amount, currency);
  return allowed.ok && posted.ok && sameMoney(allowed.money, posted.money);
}

/**
 * A posted pay form against the token's money and terms: the fields (named as the link names them)
 * that were changed after the page showed it. Said in the customer's words before the API is asked,
 * which would refuse them too, though perhaps for another reason first (a changed method's missing data).
 */
export function submissionConflicts(
  submission: PaymentSubmission,
  limits: { money: { amount: number; currencyCode: string } | undefined; terms: BoundTerms | undefined },
): string[] {
  const currency = isCurrencyCode(submission.currencyCode) ? submission.currencyCode : undefined;
  const amountChanged = limits.money !== undefined && !sameAmount(submission, limits.money);
  // A form that drops a bound operator asks for another one as much as a form that names one.
  const operatorDropped =
    limits.terms?.paymentOperatorCode !== undefined && !submission.paymentOperatorCode?.trim();
  const changed = conflicts(
    {
      callbackUrl: submission.callbackUrl,
      returnUrl: submission.returnUrl,
      paymentMethodCode: submission.paymentMethodCode,
      paymentOperatorCode: submission.paymentOperatorCode,
      customerData: Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, submission[field]])),
      currency,
    },
    limits.terms,
  );
  return [
    ...(amountChanged ? ['amount'] : []),
    ...changed,
    ...(operatorDropped && !changed.includes('paymentOperatorCode') ? ['paymentOperatorCode'] : []),
  ];
}

/**
 * The link's parameters with the token's terms in force: the bound addresses, method and operator
 * (a bound method is fixed: the customer cannot choose another), and the bound customer data,
 * which the customer may not change whatever allowCustomerDataChange says.
 */
export function withTerms(params: CheckoutParams, terms: BoundTerms | undefined): CheckoutParams {
  if (!terms) return params;
  const bound = terms.customer ?? {};
  return {
    ...params,
    callbackUrl: terms.callbackUrl ?? params.callbackUrl,
    returnUrl: terms.returnUrl ?? params.returnUrl,
    paymentMethodCode: terms.paymentMethodCode ?? params.paymentMethodCode,
    paymentOperatorCode: terms.paymentOperatorCode ?? params.paymentOperatorCode,
    optionsAvailable: terms.paymentMethodCode === undefined && params.optionsAvailable,
    customerData: { ...params.customerData, ...bound },
    lockedFields: [
      ...new Set([
        ...(params.lockedFields ?? []),
        ...CUSTOMER_FIELDS.filter((field) => bound[field] !== undefined),
      ]),
    ],
  };
}
