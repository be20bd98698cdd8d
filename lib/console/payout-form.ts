import { z } from 'zod';
import { CURRENCY_CODES, parseAmount, toJsonAmount, type CurrencyCode } from '../money';
import { isPayoutMethodCode } from '../payouts/methods';
import { payoutMagicOf } from '../sandbox/payout-magic';
import { absoluteUrlSchema, ID_PAYIN_PATTERN } from '../schemas/primitives';

/**
 * The console's "New payout" form (test merchants): its schema, the POST /payouts/{idPayout} body
 * it sends, where the API's field errors belong, and what a sandbox amount will do. The
 * destination's local rules (bank codes, account numbers, networks) are the API's: the form only
 * checks what it must to build a request, and shows the API's answer next to the fields.
 */
const text = (max: number) => z.string().trim().max(max, 'tooLong');

/** Messages are keys of `console.payouts.form.errors`. */
export const payoutFormSchema = z
  .object({
    amount: z.string().trim(),
    currencyCode: z.enum(CURRENCY_CODES, { error: 'currency' }),
    paymentMethodCode: z.string(),
    paymentOperatorCode: text(32),
    accountName: text(140),
    accountNumber: text(128).min(1, 'required'),
    bankCode: text(32),
    phoneNumber: text(32),
    emailAddress: text(254),
    idPayout: z.string().trim().regex(ID_PAYIN_PATTERN, 'idPayout'),
    callbackUrl: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: 'required' });
        else if (!absoluteUrlSchema.safeParse(value).success)
          ctx.addIssue({ code: 'custom', message: 'url' });
      }),
  })
  .superRefine((values, ctx) => {
    if (!parseAmount(values.amount, values.currencyCode).ok)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount' });
    if (!isPayoutMethodCode(values.paymentMethodCode))
      ctx.addIssue({ code: 'custom', path: ['paymentMethodCode'], message: 'methodRequired' });
  });

export type PayoutForm = z.infer<typeof payoutFormSchema>;
export type PayoutFormField = keyof PayoutForm;

/** A fresh idPayout: high entropy, like the scenario builder's order IDs. */
export function newIdPayout(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `payout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function payoutFormDefaults(input: {
  idPayout: string;
  callbackUrl: string;
  currencyCode?: CurrencyCode | undefined;
}): PayoutForm {
  return {
    amount: '',
    currencyCode: input.currencyCode ?? 'THB',
    paymentMethodCode: '',
    paymentOperatorCode: '',
    accountName: '',
    accountNumber: '',
    bankCode: '',
    phoneNumber: '',
    emailAddress: '',
    idPayout: input.idPayout,
    callbackUrl: input.callbackUrl,
  };
}

/** The request for valid form values: the path's idPayout and the body, blank optional fields left out. */
export function payoutRequestOf(values: PayoutForm): { idPayout: string; body: Record<string, unknown> } {
  const parsed = parseAmount(values.amount, values.currencyCode);
  if (!parsed.ok) throw new RangeError(`Not an amount of ${values.currencyCode}: ${values.amount}`);
  const optional = <K extends string>(key: K, value: string) => (value === '' ? {} : { [key]: value });
  return {
    idPayout: values.idPayout,
    body: {
      paymentRequested: {
        money: { amount: toJsonAmount(parsed.money), currencyCode: values.currencyCode },
      },
      paymentMethod: {
        paymentMethodCode: values.paymentMethodCode,
        ...optional('paymentOperatorCode', values.paymentOperatorCode),
        account: {
          ...optional('accountName', values.accountName),
          accountNumber: values.accountNumber,
          ...optional('bankCode', values.bankCode),
        },
        ...optional('phoneNumber', values.phoneNumber),
        ...optional('emailAddress', values.emailAddress),
      },
      callbackUrl: values.callbackUrl,
    },
  };
}

/** Where an API field error (a dotted path of the request, or the idPayout path parameter) belongs. */
const API_FIELDS: Record<string, PayoutFormField> = {
  idPayout: 'idPayout',
  'paymentRequested.money': 'amount',
  'paymentRequested.money.amount': 'amount',
  'paymentRequested.money.currencyCode': 'currencyCode',
  'paymentMethod.paymentMethodCode': 'paymentMethodCode',
  'paymentMethod.paymentOperatorCode': 'paymentOperatorCode',
  'paymentMethod.account': 'accountNumber',
  'paymentMethod.account.accountName': 'accountName',
  'paymentMethod.account.accountNumber': 'accountNumber',
  'paymentMethod.account.bankCode': 'bankCode',
  'paymentMethod.phoneNumber': 'phoneNumber',
  'paymentMethod.emailAddress': 'emailAddress',
  callbackUrl: 'callbackUrl',
};

export function payoutFormFieldOf(apiField: string): PayoutFormField | undefined {
  return Object.hasOwn(API_FIELDS, apiField) ? API_FIELDS[apiField] : undefined;
}

/** What a test payout of the amount typed will do by itself in the sandbox (decision 027). */
export type PayoutForecast =
  | { kind: 'waits' }
  | { kind: 'succeeds'; seconds: number }
  | { kind: 'refused'; seconds: number; reason: string }
  | { kind: 'default' };

export function payoutForecastOf(amount: string, currencyCode: CurrencyCode): PayoutForecast | undefined {
  const parsed = parseAmount(amount, currencyCode);
  if (!parsed.ok) return undefined;
  const magic = payoutMagicOf(parsed.money);
  if (magic === 'manual') return { kind: 'waits' };
  if (magic === 'default') return { kind: 'default' };
  return magic.status === 'SUCCESS'
    ? { kind: 'succeeds', seconds: magic.afterSeconds }
    : { kind: 'refused', seconds: magic.afterSeconds, reason: magic.processorStatus };
}
