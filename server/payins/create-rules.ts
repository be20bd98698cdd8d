import 'server-only';
import { sameMoney, type Money } from '@/lib/money';
import type { CreatePayinRequest } from '@/lib/schemas';
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
