import { z } from 'zod';
import { optional as miniOptional } from 'zod/mini';
import { methodAmountProblem } from '../methods/amount-rules';
import {
  customerFieldRules,
  METHOD_CODES,
  METHODS,
  methodTakesCurrency,
  phoneMustBeDomesticMobile,
} from '../methods/catalogue';
import { isDomesticMobile, parsePhone, phoneCountryName, phoneExample } from '../methods/phone-numbers';
import type { CurrencyCode } from '../money/currencies';
import { CUSTOMER_FIELDS, type CustomerField } from './customer-fields';
import { WITHOUT_CONTROL_CHARACTERS } from './customer-data';
import { absoluteUrlSchema, accountSchema, emailSchema, moneySchema } from './primitives';

export const methodCodeSchema = z.enum(METHOD_CODES, { error: 'Unknown payment method code.' });

export const paymentOperatorCodeSchema = z
  .string()
  .regex(/^[A-Z0-9_]{1,32}$/, 'Payment operator codes are 1–32 capital letters, digits or underscores.');

/**
 * `paymentMethod` of POST /payins/{idPayin}: the code, an optional operator and the method data.
 * Unknown properties are dropped (the specification's versioning rule), never an error.
 */
export const paymentMethodSchema = z.object({
  paymentMethodCode: methodCodeSchema,
  paymentOperatorCode: paymentOperatorCodeSchema.optional(),
  emailAddress: miniOptional(emailSchema),
  /** National or international; normalised to E.164 for the currency's country (see the rules below). */
  phoneNumber: z.string().optional(),
  account: accountSchema.optional(),
  productId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.')
    .optional(),
});

export type PaymentMethodRequest = z.infer<typeof paymentMethodSchema>;

const FIELD_PATHS: Record<CustomerField, string[]> = {
  emailAddress: ['paymentMethod', 'emailAddress'],
  phoneNumber: ['paymentMethod', 'phoneNumber'],
  accountName: ['paymentMethod', 'account', 'accountName'],
  accountNumber: ['paymentMethod', 'account', 'accountNumber'],
};

function fieldValue(method: PaymentMethodRequest, field: CustomerField): string | undefined {
  if (field === 'accountName' || field === 'accountNumber') return method.account?.[field];
  return method[field];
}

/** The phone in E.164 when it is a valid number for the payment's country (or given internationally). */
function normalisedPhone(phoneNumber: string | undefined, currency: CurrencyCode): string | undefined {
  if (phoneNumber === undefined) return undefined;
  const parsed = parsePhone(phoneNumber, currency);
  return parsed.ok ? parsed.e164 : undefined;
}

/**
 * The method data without the customer fields the method does not use (they are not part of its
 * object), the phone normalised to E.164, or dropped when it is optional and not a valid number.
 */
function withoutUnusedFields(method: PaymentMethodRequest, currency: CurrencyCode) {
  if (!methodTakesCurrency(method.paymentMethodCode, currency)) return method;
  const rules = customerFieldRules(method.paymentMethodCode, currency, method.paymentOperatorCode);
  const { emailAddress, account, productId, ...rest } = method;
  const phoneNumber = normalisedPhone(method.phoneNumber, currency);
  delete rest.phoneNumber;
  const accountName = rules.accountName === 'unused' ? undefined : account?.accountName;
  const accountNumber = rules.accountNumber === 'unused' ? undefined : account?.accountNumber;
  return {
    ...rest,
    // productId belongs to OfflineMethod only (specification, change 2.43).
    ...(METHODS[method.paymentMethodCode].takesProductId && productId !== undefined && { productId }),
    ...(rules.emailAddress !== 'unused' && emailAddress !== undefined && { emailAddress }),
    ...(rules.phoneNumber !== 'unused' && phoneNumber !== undefined && { phoneNumber }),
    ...((accountName !== undefined || accountNumber !== undefined) && {
      account: {
        ...(accountName !== undefined && { accountName }),
        ...(accountNumber !== undefined && { accountNumber }),
      },
    }),
  };
}

export const createPayinRequestSchema = z
  .object({
    paymentRequested: z.object({ money: moneySchema }),
    paymentMethod: paymentMethodSchema,
    callbackUrl: absoluteUrlSchema,
    returnUrl: absoluteUrlSchema,
  })
  .superRefine((request, ctx) => {
    // Method-dependent request rules (specification, "Method-dependent request rules"). A currency the
    // method does not take is the service's CURRENCY_NOT_SUPPORTED, not a field problem.
    const method = request.paymentMethod;
    const money = request.paymentRequested.money;
    if (!methodTakesCurrency(method.paymentMethodCode, money.currency)) return;
    const rules = customerFieldRules(method.paymentMethodCode, money.currency, method.paymentOperatorCode);
    for (const field of CUSTOMER_FIELDS) {
      if (rules[field] === 'required' && fieldValue(method, field) === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: FIELD_PATHS[field],
          message: `${field} is required for this payment method and currency.`,
        });
      }
    }
    if (
      method.phoneNumber !== undefined &&
      phoneMustBeDomesticMobile(method.paymentMethodCode, money.currency, method.paymentOperatorCode) &&
      !isDomesticMobile(parsePhone(method.phoneNumber, money.currency), money.currency)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: FIELD_PATHS.phoneNumber,
        message: `Enter a mobile number of ${phoneCountryName(money.currency)}, e.g. ${phoneExample(money.currency)}.`,
      });
    }
    const amountProblem = methodAmountProblem(method.paymentMethodCode, money);
    if (amountProblem)
      ctx.addIssue({ code: 'custom', path: ['paymentRequested', 'money', 'amount'], message: amountProblem });
  })
  .transform((request) => ({
    ...request,
    paymentMethod: withoutUnusedFields(request.paymentMethod, request.paymentRequested.money.currency),
  }));

export type CreatePayinRequest = z.infer<typeof createPayinRequestSchema>;

export const availableOptionsRequestSchema = z.object({ money: moneySchema });

export const setExternalReferenceRequestSchema = z.object({
  /** Checked against the method's reference rule (its descriptor) by the service; other methods keep what the customer gives. */
  reference: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(WITHOUT_CONTROL_CHARACTERS, 'Must not contain control characters.'),
});

/** POST /payins/{idPayin}/!cancel takes no body, or an empty object (unknown properties are dropped). */
export const cancelPayinRequestSchema = z.object({});
