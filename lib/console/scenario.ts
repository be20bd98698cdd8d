import { z } from 'zod';
import { CURRENCY_CODES, parseAmount, toApiMoney, type CurrencyCode } from '../money';
import { CUSTOMER_FIELDS, type CustomerField } from '../schemas/customer-fields';
import { absoluteUrlSchema, ID_PAYIN_PATTERN } from '../schemas/primitives';

/**
 * The scenario builder's pure side: the form's schema, its state in the page's query (shareable,
 * never a token or a secret), the RedirectURL of each scenario of the specification ("Hosted payment
 * web application") and the equivalent curl calls.
 */
export const SCENARIOS = ['1', '2', '3', '4', '5'] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** What each scenario adds to the required parameters. */
const USES_CUSTOMER_DATA: Record<Scenario, boolean> = { 1: false, 2: true, 3: true, 4: false, 5: false };
const USES_OPTION: Record<Scenario, boolean> = { 1: false, 2: false, 3: false, 4: true, 5: true };

export const usesCustomerData = (scenario: Scenario) => USES_CUSTOMER_DATA[scenario];
export const usesOption = (scenario: Scenario) => USES_OPTION[scenario];

/** Token validity bounds: a minute at least, the API's default maximum (86400 s) at most. */
export const VALIDITY_MIN_SECS = 60;
export const VALIDITY_MAX_SECS = 86_400;
export const VALIDITY_DEFAULT_SECS = 900;

/** The hosted page's limits for customer data (lib/checkout/params.ts). */
const CUSTOMER_MAX: Record<CustomerField, number> = {
  emailAddress: 254,
  phoneNumber: 32,
  accountName: 140,
  accountNumber: 64,
};

/**
 * Messages are keys of `console.scenarios.errors` (the page translates them). Every value is a
 * string, as in the query it is kept in; the token's money limit is the one flag.
 */
const text = (max: number) => z.string().trim().max(max, 'tooLong');
const url = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'required' });
    else if (!absoluteUrlSchema.safeParse(value).success) ctx.addIssue({ code: 'custom', message: 'url' });
  });
export const scenarioFormSchema = z
  .object({
    amount: z.string().trim(),
    currencyCode: z.enum(CURRENCY_CODES, { error: 'currency' }),
    paymentMethodCode: text(32),
    paymentOperatorCode: text(32),
    emailAddress: text(CUSTOMER_MAX.emailAddress),
    phoneNumber: text(CUSTOMER_MAX.phoneNumber),
    accountName: text(CUSTOMER_MAX.accountName),
    accountNumber: text(CUSTOMER_MAX.accountNumber),
    scenario: z.enum(SCENARIOS),
    moneyLimited: z.boolean(),
    validitySecs: z
      .string()
      .trim()
      .refine((value) => {
        const secs = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
        return secs >= VALIDITY_MIN_SECS && secs <= VALIDITY_MAX_SECS;
      }, 'validitySecs'),
    idPayin: z.string().trim().regex(ID_PAYIN_PATTERN, 'idPayin'),
    callbackUrl: url,
    returnUrl: url,
  })
  .superRefine((values, ctx) => {
    if (!parseAmount(values.amount, values.currencyCode).ok)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount' });
    if (usesCustomerData(values.scenario) && CUSTOMER_FIELDS.every((field) => values[field] === ''))
      ctx.addIssue({ code: 'custom', path: ['scenario'], message: 'customerDataRequired' });
    if (usesOption(values.scenario) && values.paymentMethodCode === '')
      ctx.addIssue({ code: 'custom', path: ['paymentMethodCode'], message: 'methodRequired' });
  });

export type ScenarioForm = z.infer<typeof scenarioFormSchema>;

/** Fields kept in the query as they are (the flag is `moneyLimited=true`). */
const QUERY_FIELDS = [
  'amount',
  'currencyCode',
  'scenario',
  'paymentMethodCode',
  'paymentOperatorCode',
  ...CUSTOMER_FIELDS,
  'validitySecs',
  'idPayin',
  'callbackUrl',
  'returnUrl',
] as const satisfies readonly Exclude<keyof ScenarioForm, 'moneyLimited'>[];

/** A fresh merchant order ID: high entropy, as the specification advises (Limits). */
export function newIdPayin(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `order-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export function defaultReturnUrl(origin: string, idPayin: string): string {
  return `${origin}/console/payments/${encodeURIComponent(idPayin)}`;
}

/** The form's starting values; what the query holds wins. */
export function scenarioDefaults(idPayin: string): ScenarioForm {
  return {
    amount: '1500.50',
    currencyCode: 'THB',
    paymentMethodCode: '',
    paymentOperatorCode: '',
    emailAddress: '',
    phoneNumber: '',
    accountName: '',
    accountNumber: '',
    scenario: '1',
    moneyLimited: true,
    validitySecs: String(VALIDITY_DEFAULT_SECS),
    idPayin,
    callbackUrl: '',
    returnUrl: '',
  };
}

/** The builder's state as a query: only what differs from nothing, never a token or a secret. */
export function scenarioToQuery(values: ScenarioForm): string {
  const query = new URLSearchParams();
  for (const field of QUERY_FIELDS) if (values[field] !== '') query.set(field, values[field]);
  query.set('moneyLimited', String(values.moneyLimited));
  return query.toString();
}

/** The builder's state from a shared link's query, over the defaults; unknown values are ignored. */
export function scenarioFromQuery(
  query: Record<string, string | string[] | undefined>,
  defaults: ScenarioForm,
): ScenarioForm {
  const values: ScenarioForm = { ...defaults };
  const single = (name: string) => {
    const value = query[name];
    return typeof value === 'string' ? value.slice(0, 2048) : undefined;
  };
  for (const field of QUERY_FIELDS) {
    const value = single(field);
    if (value === undefined) continue;
    if (field === 'currencyCode') {
      if ((CURRENCY_CODES as readonly string[]).includes(value)) values.currencyCode = value as CurrencyCode;
    } else if (field === 'scenario') {
      if ((SCENARIOS as readonly string[]).includes(value)) values.scenario = value as Scenario;
    } else {
      values[field] = value;
    }
  }
  const limited = single('moneyLimited');
  if (limited === 'true' || limited === 'false') values.moneyLimited = limited === 'true';
  return values;
}

/**
 * The body of POST /auth-tokens-by-action the builder sends (the BFF adds the credentials). Bound
 * (the default, and the only way live): the token fixes the amount and the link's terms, its
 * addresses, scenario 4's method and operator and scenario 2's customer data, so a customer who
 * edits the link changes nothing (docs/decisions/030). Unbound is a sandbox merchant's experiment.
 */
export function tokenRequestOf(values: ScenarioForm) {
  const amount = parseAmount(values.amount, values.currencyCode);
  const customer = Object.fromEntries(
    CUSTOMER_FIELDS.flatMap((field) => (values[field] !== '' ? [[field, values[field]]] : [])),
  );
  const fixed = values.scenario === '4' && values.paymentMethodCode !== '';
  const terms = {
    callbackUrl: values.callbackUrl,
    returnUrl: values.returnUrl,
    ...(fixed && { paymentMethodCode: values.paymentMethodCode }),
    ...(fixed && values.paymentOperatorCode !== '' && { paymentOperatorCode: values.paymentOperatorCode }),
    ...(values.scenario === '2' && Object.keys(customer).length > 0 && { customer }),
  };
  return {
    action: 'PAYIN_CREATE' as const,
    idPayment: values.idPayin,
    validitySecs: Number(values.validitySecs),
    ...(values.moneyLimited && amount.ok && { money: toApiMoney(amount.money), terms }),
  };
}

/** The RedirectURL's query parameters, in the specification's order, then the scenario's own. */
export function redirectParams(input: {
  merchantCode: string;
  token: string;
  values: ScenarioForm;
}): [string, string][] {
  const { values } = input;
  const params: [string, string][] = [
    ['merchantCode', input.merchantCode],
    ['idPayin', values.idPayin],
    ['token', input.token],
    ['amount', values.amount],
    ['currencyCode', values.currencyCode],
    ['callbackUrl', values.callbackUrl],
    ['returnUrl', values.returnUrl],
  ];
  if (usesCustomerData(values.scenario))
    for (const field of CUSTOMER_FIELDS) if (values[field] !== '') params.push([field, values[field]]);
  if (values.scenario === '3') params.push(['allowCustomerDataChange', 'true']);
  if (usesOption(values.scenario)) {
    if (values.paymentMethodCode !== '') params.push(['paymentMethodCode', values.paymentMethodCode]);
    if (values.paymentOperatorCode !== '') params.push(['paymentOperatorCode', values.paymentOperatorCode]);
  }
  if (values.scenario === '5') params.push(['optionsAvailable', 'true']);
  return params;
}

/** RFC 3986 percent-encoding: also ! ' ( ) *, so the link is safe inside a shell's double quotes. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The RedirectURL: `${origin}/?merchantCode=…&idPayin=…&token=…`, every value percent-encoded. */
export function buildRedirectUrl(input: {
  origin: string;
  merchantCode: string;
  token: string;
  values: ScenarioForm;
}): string {
  const query = redirectParams(input)
    .map(([name, value]) => `${name}=${encodeValue(value)}`)
    .join('&');
  return `${input.origin}/?${query}`;
}

/**
 * The same two steps from a shell: the token request with the secret left to `$MERCHANT_SECRET`
 * (never the real one), then the RedirectURL with the new token.
 */
export function buildCurl(input: { origin: string; merchantCode: string; values: ScenarioForm }): string {
  const body = JSON.stringify(
    { merchantCode: input.merchantCode, secret: '$MERCHANT_SECRET', ...tokenRequestOf(input.values) },
    null,
    2,
  );
  const url = buildRedirectUrl({ ...input, token: '$TOKEN' }).replace(encodeValue('$TOKEN'), '$TOKEN');
  return [
    `TOKEN=$(curl -s -X POST '${input.origin}/api/auth-tokens-by-action' \\`,
    `  -H 'X-API-Version: 2' -H 'Content-Type: application/json' \\`,
    `  --data-binary @- <<JSON | sed -E 's/.*"token":"([^"]+)".*/\\1/'`,
    body,
    'JSON',
    ')',
    `echo "${url}"`,
  ].join('\n');
}

/** A problem+json answer, reduced to what the builder shows: its detail and its field errors. */
export interface ApiProblem {
  status: number;
  code: string | undefined;
  detail: string | undefined;
  errors: { field: string; message: string }[];
}

export function problemOf(status: number, body: unknown): ApiProblem {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const errors = Array.isArray(record.errors)
    ? record.errors.flatMap((entry: unknown) => {
        const error = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
        const field = str(error.field);
        const message = str(error.message);
        return field !== undefined && message !== undefined ? [{ field, message }] : [];
      })
    : [];
  return { status, code: str(record.code), detail: str(record.detail) ?? str(record.title), errors };
}
