import 'server-only';
import type { PayinResource } from '@/lib/api/responses';
import { parseCheckoutParams, type CheckoutParams } from '@/lib/checkout/params';
import { isPageError, pageErrorOf, type PageError } from '@/lib/checkout/page-errors';
import type { PaymentOptionView } from '@/lib/checkout/plan';
import { termsConflicts, withTerms } from '@/lib/checkout/terms';
import { single } from '@/lib/checkout/query';
import { paymentPath } from '@/lib/checkout/session-cookie';
import { isMethodCode } from '@/lib/methods/catalogue';
import { isCurrencyCode, parseAmount, sameMoney, toDecimalString, type Money } from '@/lib/money';
import { customerSession } from './customer-api';

type Query = Record<string, string | string[] | undefined>;

/** Who the customer is paying, as far as the page knows. */
export interface PageMerchant {
  name: string | undefined;
  isTest: boolean;
  /** Customers who give an e-mail address are e-mailed the details and a receipt (docs/decisions/052). */
  emailsCustomers?: boolean;
}

export type PaymentPageModel =
  | {
      kind: 'error';
      error: PageError;
      /** What exactly is wrong, when there is a list (parameters of the link). */
      items?: string[];
      /** The amount the token allows, for amountNotAuthorised. */
      allowed?: Money;
      merchant: PageMerchant;
      /** The way back to the merchant (the BFF's return route), when its address is known. */
      returnHref: string | undefined;
    }
  | {
      kind: 'payin';
      payin: PayinResource;
      merchant: PageMerchant;
      returnHref: string;
      /** The link asks for another amount than the payment that exists under its order (a reopened link). */
      linkMoney: Money | undefined;
    }
  | {
      kind: 'checkout';
      params: CheckoutParams;
      options: PaymentOptionView[];
      merchant: PageMerchant;
      returnHref: string | undefined;
      /** A test link whose token leaves the amount open: the page says so (live links cannot). */
      amountUnbound: boolean;
    };

/** The BFF route that sends the customer back to the merchant with the payment's status. */
export function returnHrefOf(merchantCode: string, idPayin: string): string {
  return `${paymentPath(merchantCode, idPayin)}/bff/return`;
}

/**
 * Everything the payment page shows, read through the public API with the customer's session: an
 * existing payment's screen (reload, back and a second tab never create twice), a new payment's
 * checkout, or why it cannot go on, in the customer's words and with the way back when known.
 */
export async function loadPaymentPage(input: {
  merchantCode: string;
  idPayin: string;
  query: Query;
}): Promise<PaymentPageModel> {
  const { merchantCode, idPayin, query } = input;
  const unknownMerchant: PageMerchant = { name: undefined, isTest: false };
  const session = await customerSession();
  if (!session) {
    const arrival = single(query, 'arrival');
    return {
      kind: 'error',
      error: isPageError(arrival) ? arrival : 'sessionMissing',
      merchant: unknownMerchant,
      returnHref: undefined,
    };
  }
  if (session.claims.sub !== undefined && session.claims.sub !== merchantCode) {
    return { kind: 'error', error: 'linkOtherShop', merchant: unknownMerchant, returnHref: undefined };
  }
  const { api, claims } = session;
  const [existing, info] = await Promise.all([api.getPayin(idPayin), api.merchantInfo()]);
  const merchant: PageMerchant = {
    name: info.ok ? info.data.channelInfo.name : undefined,
    isTest: info.ok && info.data.isTest === true,
    emailsCustomers: info.ok && info.data.customerEmails === true,
  };
  const returnHref = returnHrefOf(merchantCode, idPayin);
  const linkReturn = claims.returnUrl === undefined ? undefined : returnHref;
  if (existing.ok) {
    // A link reopened for an order that exists with another amount: the existing payment counts,
    // and the page says so rather than showing it as if it were what the link asked.
    const link = parseCheckoutParams(query);
    const { amount, currencyCode } = existing.data.paymentRequested.money;
    const created = isCurrencyCode(currencyCode) ? parseAmount(amount, currencyCode) : undefined;
    const linkMoney =
      link.ok && created?.ok && !sameMoney(link.params.money, created.money) ? link.params.money : undefined;
    return { kind: 'payin', payin: existing.data, merchant, returnHref, linkMoney };
  }
  if (existing.status !== 404) {
    const error = pageErrorOf(existing.status, existing.problem?.code);
    return { kind: 'error', error, merchant, returnHref: linkReturn };
  }

  const parsed = parseCheckoutParams(query);
  if (!parsed.ok) {
    return {
      kind: 'error',
      error: 'parametersInvalid',
      items: parsed.invalid,
      merchant,
      returnHref: linkReturn,
    };
  }
  // What the token binds besides the amount: a link that contradicts it was changed on the way.
  const conflicts = termsConflicts(parsed.params, claims.terms);
  if (conflicts.length > 0) {
    return { kind: 'error', error: 'linkChanged', items: conflicts, merchant, returnHref: linkReturn };
  }
  const params = withTerms(parsed.params, claims.terms);
  // A money-limited token for another amount: said now, not after the customer pressed "Pay".
  const limit =
    claims.money && isCurrencyCode(claims.money.currencyCode)
      ? parseAmount(claims.money.amount, claims.money.currencyCode)
      : undefined;
  if (limit && (!limit.ok || !sameMoney(limit.money, params.money))) {
    return {
      kind: 'error',
      error: 'amountNotAuthorised',
      ...(limit.ok && { allowed: limit.money }),
      merchant,
      returnHref: linkReturn,
    };
  }
  const options = await api.availablePaymentOptions({
    amount: Number(toDecimalString(params.money)),
    currencyCode: params.money.currency,
  });
  if (!options.ok) {
    const error = pageErrorOf(options.status, options.problem?.code);
    return { kind: 'error', error, merchant, returnHref: linkReturn };
  }
  const known = options.data.data.flatMap((option) =>
    isMethodCode(option.paymentMethodCode)
      ? [{ paymentMethodCode: option.paymentMethodCode, paymentOperators: option.paymentOperators }]
      : [],
  );
  return {
    kind: 'checkout',
    params,
    options: known,
    merchant,
    returnHref: linkReturn,
    amountUnbound: merchant.isTest && claims.money === undefined,
  };
}
