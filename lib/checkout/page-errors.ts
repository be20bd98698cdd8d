import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';

/**
 * Why a payment page cannot go on, each in the customer's words (messages `errors.<key>`): one
 * cause, one message, never a raw code or field key.
 */
export const PAGE_ERRORS = [
  /** The link lacks a parameter or has a malformed one (the arrival page lists which). */
  'linkBroken',
  /** The merchant's token expired before the customer arrived. */
  'linkExpired',
  /** The token is not one of ours (altered, or of another deployment). */
  'linkInvalid',
  /** The token belongs to another merchant than the link names. */
  'linkOtherShop',
  /** The token is confined to another order. */
  'linkOtherOrder',
  /** The token may read this payment but not create or finish it. */
  'linkViewOnly',
  /** The token allows another amount or currency than the link asks for. */
  'amountNotAuthorised',
  /** The link (or the form) contradicts the terms its token binds: it was changed (the page lists what). */
  'linkChanged',
  /** A live merchant's link whose token does not protect the payment (general, or the amount open). */
  'linkNotBound',
  /** The link's return address uses a scheme or host the service does not allow. */
  'returnAddressRefused',
  /** The link's details are wrong (amount, currency, addresses): the page lists which. */
  'parametersInvalid',
  /** No session cookie: cookies blocked, another browser, or never arrived through the link. */
  'sessionMissing',
  /** The payment's page closed (it ended a while ago, or was never started in time). */
  'sessionEnded',
  /** The payment link it came from takes no more payments: expired, used up or turned off (docs/decisions/051). */
  'paymentLinkClosed',
  /** The method or operator the merchant fixed is not offered for this payment. */
  'methodUnavailable',
  /** The merchant offers no method for this amount and currency. */
  'noOptions',
  /** Every unique amount near this one is held by open payments (503 AMOUNT_UNAVAILABLE). */
  'amountBusy',
  /** Too many requests or failed attempts (429). */
  'tooManyAttempts',
  /** The API is unreachable or failed. */
  'serviceUnavailable',
  /** The API refused some of the customer's details (the form marks which). */
  'detailsRejected',
  /** No page at the address (app/not-found.tsx): a link cut short or mistyped. */
  'pageNotFound',
] as const;
export type PageError = (typeof PAGE_ERRORS)[number];

export function isPageError(value: string | undefined): value is PageError {
  return value !== undefined && (PAGE_ERRORS as readonly string[]).includes(value);
}

/** Problems a submitted pay form comes back with that the customer can act on right there. */
export const FORM_ERRORS: readonly PageError[] = [
  'detailsRejected',
  'methodUnavailable',
  'amountBusy',
  'tooManyAttempts',
  'serviceUnavailable',
];

/** Errors the customer can do nothing about but try again a little later. */
export const RETRYABLE_ERRORS: readonly PageError[] = ['amountBusy', 'tooManyAttempts', 'serviceUnavailable'];

const BY_CODE: Record<string, PageError> = {
  TOKEN_EXPIRED: 'linkExpired',
  TOKEN_INVALID: 'linkInvalid',
  AUTHENTICATION_REQUIRED: 'sessionMissing',
  SESSION_ENDED: 'sessionEnded',
  PAYMENT_LINK_CLOSED: 'paymentLinkClosed',
  PAYMENT_NOT_PERMITTED: 'linkOtherOrder',
  OPERATION_NOT_PERMITTED: 'linkViewOnly',
  MONEY_NOT_PERMITTED: 'amountNotAuthorised',
  TERMS_NOT_PERMITTED: 'linkChanged',
  URL_NOT_ALLOWED: 'returnAddressRefused',
  PAYMENT_METHOD_NOT_CONFIGURED: 'methodUnavailable',
  PAYMENT_METHOD_NOT_AVAILABLE: 'methodUnavailable',
  CURRENCY_NOT_SUPPORTED: 'methodUnavailable',
  PAYMENT_OPERATOR_UNKNOWN: 'methodUnavailable',
  VALIDATION_FAILED: 'parametersInvalid',
  AMOUNT_UNAVAILABLE: 'amountBusy',
  ADDRESS_UNAVAILABLE: 'amountBusy',
  RATE_LIMITED: 'tooManyAttempts',
  TOO_MANY_FAILED_ATTEMPTS: 'tooManyAttempts',
};

/** The page error for an API problem (by its code, else by its status). */
export function pageErrorOf(status: number, code: string | undefined): PageError {
  const known = code === undefined ? undefined : BY_CODE[code];
  if (known) return known;
  if (status === 401) return 'linkInvalid';
  if (status === 403) return 'linkViewOnly';
  if (status === 429) return 'tooManyAttempts';
  if (status >= 500) return 'serviceUnavailable';
  return 'parametersInvalid';
}

/** The request paths of the customer's data in the API's create body (paymentMethod.…). */
const FIELD_OF_PATH: Record<string, CustomerField> = {
  'paymentMethod.emailAddress': 'emailAddress',
  'paymentMethod.phoneNumber': 'phoneNumber',
  'paymentMethod.account.accountName': 'accountName',
  'paymentMethod.account.accountNumber': 'accountNumber',
};

/**
 * A refused create, sorted: the customer's own fields (they can fix those on the form) apart from
 * what only the merchant can fix (the link's amount, currency, addresses).
 */
export function sortRejectedFields(errors: readonly { field: string }[]): {
  customer: CustomerField[];
  link: string[];
} {
  const customer = new Set<CustomerField>();
  const link = new Set<string>();
  for (const { field } of errors) {
    const own = FIELD_OF_PATH[field];
    if (own) customer.add(own);
    else link.add(field.split('.').at(-1) ?? field);
  }
  return { customer: CUSTOMER_FIELDS.filter((field) => customer.has(field)), link: [...link] };
}
