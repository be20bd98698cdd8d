import { z } from 'zod';
import { parseAmount, type Money } from '../money';
import { absoluteUrlSchema, currencyCodeSchema, MERCHANT_CODE_PATTERN } from '../schemas/primitives';
import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';

export { MERCHANT_CODE_PATTERN };

/**
 * The RedirectURL query parameters (specification, "Hosted payment web application"): the required
 * ones, the customer data parameters (named as the API's fields) and the option parameters.
 */
const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const checkoutParamsSchema = z.object({
  amount: z.string().min(1),
  currencyCode: currencyCodeSchema,
  callbackUrl: absoluteUrlSchema,
  returnUrl: absoluteUrlSchema,
  emailAddress: z.string().max(254).optional(),
  phoneNumber: z.string().max(32).optional(),
  accountName: z.string().max(140).optional(),
  accountNumber: z.string().max(64).optional(),
  allowCustomerDataChange: queryFlag.optional(),
  paymentMethodCode: z.string().max(32).optional(),
  paymentOperatorCode: z.string().max(32).optional(),
  optionsAvailable: queryFlag.optional(),
});

export interface CheckoutParams {
  money: Money;
  callbackUrl: string;
  returnUrl: string;
  customerData: Partial<Record<CustomerField, string>>;
  allowCustomerDataChange: boolean;
  /** Customer data the token binds: never editable, whatever allowCustomerDataChange says. */
  lockedFields?: CustomerField[];
  paymentMethodCode: string | undefined;
  paymentOperatorCode: string | undefined;
  optionsAvailable: boolean;
}

export type CheckoutParamsParse = { ok: true; params: CheckoutParams } | { ok: false; invalid: string[] };

/** Parses the query of the payment page; names every missing or invalid parameter. */
export function parseCheckoutParams(
  query: Record<string, string | string[] | undefined>,
): CheckoutParamsParse {
  const single = Object.fromEntries(
    Object.entries(query).flatMap(([key, value]) =>
      typeof value === 'string' && value !== '' ? [[key, value]] : [],
    ),
  );
  const result = checkoutParamsSchema.safeParse(single);
  const invalid = new Set(result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])));
  // The amount's precision depends on the currency: checked whenever both are there to check.
  const currency = currencyCodeSchema.safeParse(single.currencyCode);
  const amount =
    currency.success && single.amount !== undefined ? parseAmount(single.amount, currency.data) : undefined;
  if (amount && !amount.ok) invalid.add('amount');
  if (!result.success || !amount?.ok || invalid.size > 0) return { ok: false, invalid: [...invalid] };
  const data = result.data;
  const customerData: Partial<Record<CustomerField, string>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = data[field]?.trim();
    if (value) customerData[field] = value;
  }
  return {
    ok: true,
    params: {
      money: amount.money,
      callbackUrl: data.callbackUrl,
      returnUrl: data.returnUrl,
      customerData,
      allowCustomerDataChange: data.allowCustomerDataChange ?? false,
      paymentMethodCode: data.paymentMethodCode,
      paymentOperatorCode: data.paymentOperatorCode,
      optionsAvailable: data.optionsAvailable ?? false,
    },
  };
}
