import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

const merchants = JSON.parse(readFileSync(new URL('./merchants.json', import.meta.url), 'utf8')) as {
  merchants: { merchantCode: string; secret: string }[];
};

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? '3300'}`;
export type MerchantCode = 'e2e-shop' | 'e2e-other' | 'e2e-live' | 'e2e-payouts';

export function credentials(code: MerchantCode) {
  const merchant = merchants.merchants.find((candidate) => candidate.merchantCode === code);
  if (!merchant) throw new Error(`no merchant ${code}`);
  return { merchantCode: merchant.merchantCode, secret: merchant.secret };
}

export function newOrderId(): string {
  return `e2e-${randomBytes(6).toString('hex')}`;
}

/**
 * Calls the payin API as a careful merchant's server would: on 429 it waits for Retry-After and tries
 * again (the parallel tests share one merchant's 10 requests per second).
 */
export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${BASE_URL}/api${path}`, {
      method,
      headers: {
        'x-api-version': '2',
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    if (response.status === 429 && attempt < 5) {
      await new Promise((resolve) =>
        setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000),
      );
      continue;
    }
    return { status: response.status, body: (await response.json()) as T };
  }
}

/** A customer token for one payin (PAYIN_CREATE), as a merchant obtains it before redirecting. */
export async function customerToken(
  code: MerchantCode,
  idPayin: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const response = await api<{ token: string }>('POST', '/auth-tokens-by-action', {
    body: { ...credentials(code), action: 'PAYIN_CREATE', idPayment: idPayin, ...extra },
  });
  if (response.status !== 200) throw new Error(`token: ${response.status}`);
  return response.body.token;
}

/**
 * A merchant token (server side, never shown to a browser) for these operations; by default the
 * sandbox and payin reads.
 */
export async function merchantToken(
  code: MerchantCode = 'e2e-shop',
  operations: readonly string[] = ['GET /payins/.*', 'POST /payins/.*', 'POST /sandbox/payins/.*'],
): Promise<string> {
  const response = await api<{ token: string }>('POST', '/auth-tokens', {
    body: { ...credentials(code), operations },
  });
  if (response.status !== 200) throw new Error(`No token for ${code}: ${response.status}`);
  return response.body.token;
}

/**
 * A bank transfer (OFFLINE, THB) that the merchant's server creates with its own token, with the
 * payer's name and the bank when given: its idPayin and reference.
 */
export async function createOfflinePayin(options: {
  code?: MerchantCode;
  amount: number;
  accountName?: string;
  paymentOperatorCode?: string;
}): Promise<{ idPayin: string; reference: string }> {
  const idPayin = newOrderId();
  const created = await api<{ paymentMethodResponse: { reference: string } }>('POST', `/payins/${idPayin}`, {
    token: await merchantToken(options.code),
    body: {
      paymentRequested: { money: { amount: options.amount, currencyCode: 'THB' } },
      paymentMethod: {
        paymentMethodCode: 'OFFLINE',
        ...(options.paymentOperatorCode !== undefined && {
          paymentOperatorCode: options.paymentOperatorCode,
        }),
        ...(options.accountName !== undefined && { account: { accountName: options.accountName } }),
      },
      callbackUrl: 'http://127.0.0.1:9/callbacks',
      returnUrl: 'https://shop.example/thanks',
    },
  });
  if (created.status !== 201) throw new Error(`payin not created: ${created.status}`);
  return { idPayin, reference: created.body.paymentMethodResponse.reference };
}

export interface Checkout {
  idPayin: string;
  url: string;
  token: string;
}

/** The merchant's RedirectURL: `/?merchantCode=…&idPayin=…&token=…&amount=…&currencyCode=…&callbackUrl=…&returnUrl=…`. */
export async function redirectUrl(
  options: {
    amount?: string;
    currencyCode?: string;
    merchant?: MerchantCode;
    params?: Record<string, string>;
    idPayin?: string;
    /** The token to put in the link (default: a PAYIN_CREATE token for the payin). */
    token?: string;
    /** validitySecs of the default token. */
    tokenValiditySecs?: number;
    /**
     * Whether the default token binds the link's terms, as the README tells merchants to: its amount
     * (money), addresses, fixed method and operator, and customer data the customer may not change.
     * false mints the unbound token only a sandbox merchant may use.
     */
    bind?: boolean;
  } = {},
): Promise<Checkout> {
  const merchant = options.merchant ?? 'e2e-shop';
  const idPayin = options.idPayin ?? newOrderId();
  const link: Record<string, string> = {
    amount: options.amount ?? '1500.50',
    currencyCode: options.currencyCode ?? 'THB',
    callbackUrl: 'http://127.0.0.1:9/callbacks',
    returnUrl: 'https://shop.example/thanks?order=' + idPayin,
    ...options.params,
  };
  const token =
    options.token ??
    (await customerToken(merchant, idPayin, {
      ...(options.tokenValiditySecs !== undefined && { validitySecs: options.tokenValiditySecs }),
      ...(options.bind !== false && linkTerms(link)),
    }));
  const query = new URLSearchParams({ merchantCode: merchant, idPayin, token, ...link });
  return { idPayin, url: `/?${query.toString()}`, token };
}

/** The money and terms a token binds for a link's parameters (docs/decisions/030). */
export function linkTerms(link: Record<string, string>) {
  const customer = Object.fromEntries(
    ['emailAddress', 'phoneNumber', 'accountName', 'accountNumber'].flatMap((field) =>
      link[field] !== undefined ? [[field, link[field]]] : [],
    ),
  );
  const locked = link.allowCustomerDataChange !== 'true' && Object.keys(customer).length > 0;
  // Scenario 5 pre-selects an option the customer may change: only scenario 4's is bound.
  const fixed = link.optionsAvailable !== 'true';
  return {
    money: { amount: Number(link.amount), currencyCode: link.currencyCode },
    terms: {
      callbackUrl: link.callbackUrl,
      returnUrl: link.returnUrl,
      ...(fixed && link.paymentMethodCode !== undefined && { paymentMethodCode: link.paymentMethodCode }),
      ...(fixed &&
        link.paymentMethodCode !== undefined &&
        link.paymentOperatorCode !== undefined && { paymentOperatorCode: link.paymentOperatorCode }),
      ...(locked && { customer }),
    },
  };
}

/** Moves a test payin to its outcome through the sandbox API, as the institution would. */
export async function simulate(idPayin: string, status: 'SUCCESS' | 'REFUSED', processorStatus?: string) {
  const token = await merchantToken();
  return api('POST', `/sandbox/payins/${idPayin}/!simulate`, {
    token,
    body: { status, ...(processorStatus && { processorStatus }) },
  });
}
