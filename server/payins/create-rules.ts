import 'server-only';
import { sameMoney, type Money } from '@/lib/money';
import { customerFieldRules, methodTakesCurrency } from '@/lib/methods';
import { comparableCustomerValue, type CreatePayinRequest, type CustomerField } from '@/lib/schemas';
import { AppError, type FieldError } from '../errors';
import type { Merchant } from '../merchants';
import { requireAdapter, type MethodAdapter, type PaymentOperator } from '../methods';
import type { TokenGrant } from '../tokens';
import type { CustomerData } from './payin';
import type { UrlPolicy } from '../net';

/** The request's rules a create checks before anything is stored; the method's adapter. */
export function assertCreatable(input: {
  merchant: Merchant;
  grant: TokenGrant;
  request: CreatePayinRequest;
  urlPolicy: UrlPolicy;
}): MethodAdapter {
  const { merchant, grant, request } = input;
  const money = request.paymentRequested.money;
  const method = request.paymentMethod;
  if (grant.money && !sameMoney(grant.money, money)) {
    throw new AppError(
      'MONEY_NOT_PERMITTED',
      'The token only allows creating a payin of another amount or currency.',
    );
  }
  // A token confined to one payment is the kind that travels in a customer's link: for a live
  // merchant it must fix the amount, or the customer could pay what they typed (docs/decisions/030).
  if (!merchant.isTest && grant.paymentScope !== undefined && !grant.money) {
    throw new AppError(
      'MONEY_NOT_PERMITTED',
      'A token confined to one payment must fix the amount (money) to create a live payin: it travels in the customer’s link.',
    );
  }
  assertTerms(grant, request);
  assertLinkMethods(grant, request);
  if (!merchant.paymentMethods.includes(method.paymentMethodCode)) {
    throw new AppError(
      'PAYMENT_METHOD_NOT_CONFIGURED',
      `Payment method ${method.paymentMethodCode} is not configured for this merchant.`,
      {
        errors: [{ field: 'paymentMethod.paymentMethodCode', message: 'Not configured for this merchant.' }],
      },
    );
  }
  const adapter = requireAdapter(method.paymentMethodCode);
  if (!adapter.currencies.includes(money.currency)) {
    throw new AppError(
      'CURRENCY_NOT_SUPPORTED',
      `${adapter.code} does not take ${money.currency}; it takes ${adapter.currencies.join(', ')}.`,
      {
        errors: [
          { field: 'paymentRequested.money.currencyCode', message: `Not supported by ${adapter.code}.` },
        ],
      },
    );
  }
  const urlErrors = [
    input.urlPolicy.check('callbackUrl', request.callbackUrl),
    input.urlPolicy.check('returnUrl', request.returnUrl),
  ].filter((error): error is FieldError => error !== undefined);
  if (urlErrors.length > 0)
    throw new AppError('URL_NOT_ALLOWED', 'A URL uses a scheme or host that is not allowed.', {
      errors: urlErrors,
    });
  return adapter;
}

/** The operator the request names, or the method's default; 400 for one the method does not have. */
export function resolveOperator(
  adapter: MethodAdapter,
  money: Money,
  code: string | undefined,
): PaymentOperator | undefined {
  const operators = adapter.operators(money.currency);
  if (code === undefined) return adapter.assignsDefaultOperator ? operators[0] : undefined;
  const operator = operators.find((candidate) => candidate.code === code);
  if (!operator) {
    throw new AppError(
      'PAYMENT_OPERATOR_UNKNOWN',
      `${adapter.code} has no operator ${code} for ${money.currency}.`,
      {
        errors: [
          {
            field: 'paymentMethod.paymentOperatorCode',
            message:
              operators.length > 0
                ? `Use one of ${operators.map((candidate) => candidate.code).join(', ')}.`
                : 'This method takes no operator.',
          },
        ],
      },
    );
  }
  return operator;
}

/** Customer data as the request gave it (`paymentMethod` fields), only those present. */
export function customerDataOf(method: CreatePayinRequest['paymentMethod']): CustomerData {
  return {
    ...(method.emailAddress !== undefined && { emailAddress: method.emailAddress }),
    ...(method.phoneNumber !== undefined && { phoneNumber: method.phoneNumber }),
    ...(method.account?.accountName !== undefined && { accountName: method.account.accountName }),
    ...(method.account?.accountNumber !== undefined && { accountNumber: method.account.accountNumber }),
    ...(method.productId !== undefined && { productId: method.productId }),
  };
}

/** A payment link's session creates payins only by the methods the link allows (docs/decisions/051). */
function assertLinkMethods(grant: TokenGrant, request: CreatePayinRequest): void {
  const methods = grant.link?.methods;
  if (methods === undefined || methods.includes(request.paymentMethod.paymentMethodCode)) return;
  throw new AppError('TERMS_NOT_PERMITTED', 'The payment link does not allow this payment method.', {
    errors: [{ field: 'paymentMethod.paymentMethodCode', message: 'Not a method the payment link allows.' }],
  });
}

/**
 * The payment link's terms the token binds (docs/decisions/030): each one it gives must be what the
 * request says, or the create is refused (403 TERMS_NOT_PERMITTED) naming every field that differs.
 * Customer data compares as the hosted page compares it (comparableCustomerValue).
 */
function assertTerms(grant: TokenGrant, request: CreatePayinRequest): void {
  const terms = grant.terms;
  if (!terms) return;
  const method = request.paymentMethod;
  const currency = request.paymentRequested.money.currency;
  const value = (field: CustomerField, text: string | undefined) =>
    comparableCustomerValue(field, text, currency);
  // Customer data the chosen method does not take is not part of its request (the schema drops it):
  // a term on it binds nothing here.
  const rules = methodTakesCurrency(method.paymentMethodCode, currency)
    ? customerFieldRules(method.paymentMethodCode, currency, method.paymentOperatorCode)
    : undefined;
  const taken = (field: CustomerField) => rules !== undefined && rules[field] !== 'unused';
  const customer = Object.fromEntries(
    Object.entries(terms.customer ?? {}).filter(([field]) => taken(field as CustomerField)),
  ) as NonNullable<typeof terms.customer>;
  const bound: [field: string, term: string | undefined, given: string | undefined][] = [
    ['callbackUrl', terms.callbackUrl, request.callbackUrl],
    ['returnUrl', terms.returnUrl, request.returnUrl],
    ['paymentMethod.paymentMethodCode', terms.paymentMethodCode, method.paymentMethodCode],
    ['paymentMethod.paymentOperatorCode', terms.paymentOperatorCode, method.paymentOperatorCode],
    [
      'paymentMethod.emailAddress',
      value('emailAddress', customer.emailAddress),
      value('emailAddress', method.emailAddress),
    ],
    [
      'paymentMethod.phoneNumber',
      value('phoneNumber', customer.phoneNumber),
      value('phoneNumber', method.phoneNumber),
    ],
    [
      'paymentMethod.account.accountName',
      value('accountName', customer.accountName),
      value('accountName', method.account?.accountName),
    ],
    [
      'paymentMethod.account.accountNumber',
      value('accountNumber', customer.accountNumber),
      value('accountNumber', method.account?.accountNumber),
    ],
  ];
  const errors = bound
    .filter(([, term, given]) => term !== undefined && term !== given)
    .map(([field]) => ({ field, message: 'Not what the token binds for this payment.' }));
  if (errors.length > 0)
    throw new AppError('TERMS_NOT_PERMITTED', 'The request contradicts the payment terms the token binds.', {
      errors,
    });
}
