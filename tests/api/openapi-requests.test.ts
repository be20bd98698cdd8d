import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { METHOD_CODES, METHODS, type MethodCode } from '@/lib/methods';
import type { MerchantEntry } from '@/server/merchants';
import { thaiIdCheckDigit } from '@/server/rails';
import { PacedApiClient, type ApiResponse, type RequestOptions } from '../support/api-client';
import { newIdPayin, payinRequest } from '../support/builders';
import { sampleField } from '../support/method-customers';
import { methodRequest } from '../support/method-requests';
import { ONE_ACCOUNT_OF_EACH_TYPE } from '../support/collection-accounts';
import { nextCode, personOf, TEST_PASSWORD, type SignedInPerson } from '../support/console-people';
import {
  documentPointer,
  OpenApiConformance,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../support/openapi-conformance';
import { startTestApi, type TestApi, type TestMerchant } from '../support/test-api';

// Every request shape the OpenAPI document describes is sent to the API once and accepted: each
// operation's request body, per media type, and each branch of every oneOf in it (each payment
// method's request object, each way to simulate, each kind of bank-feed delivery). An operation,
// media type or branch without an example fails the test, so a new route or variant cannot go
// unexercised. The answers are held to the document by the test client as always.

let api: TestApi;
/** Many calls as one merchant: a client that waits out the rate limit. */
let client: PacedApiClient;
let documentText: string;
let document: OpenApiDocument;
let conformance: OpenApiConformance;

beforeAll(async () => {
  api = await startTestApi({ OPERATOR_API_KEY });
  client = new PacedApiClient(api.baseUrl);
  documentText = (await client.request('GET', '/openapi.json', { version: null })).text;
  document = JSON.parse(documentText) as OpenApiDocument;
  conformance = OpenApiConformance.of(documentText);
});
afterAll(() => api.close());

type Schema = Record<string, unknown>;

/** A place in a request body where the document offers alternatives: each branch is a shape to send. */
interface Choice {
  /** Where in the body, e.g. "/paymentMethod" ("*" for every item of an array). */
  instancePath: string[];
  /** Where in the document: each branch is `[...pointer, keyword, index]`. */
  pointer: string[];
  keyword: 'oneOf' | 'anyOf';
  branches: Schema[];
}

const isObjectSchema = (schema: Schema) => schema.type === 'object' || schema.properties !== undefined;

/**
 * The choices of a request body schema, found by walking it: properties, array items, allOf, and
 * the branches of oneOf (every one a shape) and of anyOf (those that are objects: a zod union of
 * scalars or a nullable is a choice of values, not of shapes). $refs are followed into the
 * document's schemas; conditions (if/then) add rules, not shapes, and are not walked.
 */
function choicesOf(schema: Schema, pointer: string[], instancePath: string[], seen: string[] = []): Choice[] {
  const ref = schema.$ref as string | undefined;
  if (ref !== undefined) {
    const name = ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) return [];
    return choicesOf(document.components.schemas[name]!, ['components', 'schemas', name], instancePath, [
      ...seen,
      name,
    ]);
  }
  const choices: Choice[] = [];
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const branches = schema[keyword] as Schema[] | undefined;
    if (!branches) continue;
    const shapes = keyword === 'oneOf' ? branches : branches.filter(isObjectSchema);
    if (keyword === 'oneOf' || shapes.length > 0) choices.push({ instancePath, pointer, keyword, branches });
    branches.forEach((branch, index) =>
      choices.push(...choicesOf(branch, [...pointer, keyword, String(index)], instancePath, seen)),
    );
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
    choices.push(...choicesOf(property, [...pointer, 'properties', name], [...instancePath, name], seen));
  if (schema.items)
    choices.push(...choicesOf(schema.items as Schema, [...pointer, 'items'], [...instancePath, '*'], seen));
  ((schema.allOf ?? []) as Schema[]).forEach((part, index) =>
    choices.push(...choicesOf(part, [...pointer, 'allOf', String(index)], instancePath, seen)),
  );
  return choices;
}

/** The values at an instance path of a body ("*" fans out over an array). */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) return value === undefined ? [] : [value];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [];
  if (typeof value !== 'object' || value === null) return [];
  return valuesAt((value as Record<string, unknown>)[head!], rest);
}

/** A request to send for one media type of an operation. */
interface Example {
  /** The path below /api with its query. */
  path: string;
  contentType: string;
  /** The body: JSON for JSON media types (checked against the document before it is sent), text else. */
  body: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The answer expected; a 2xx unless said otherwise. */
  status?: number;
}

/** A live merchant with a THB PromptPay account (feed key and signing secret) and a VND VietQR account. */
interface World {
  sandbox: TestMerchant;
  sandboxToken: string;
  live: TestMerchant;
  liveToken: string;
  feedKey: string;
  vndFeedKey: string;
  webhookSecret: string;
}

const EVERY_OPERATION = ['POST /.*', 'GET /.*', 'PUT /.*'];
const OPERATOR_API_KEY = `op_${randomBytes(24).toString('base64url')}`;

/** Every type of collection account, without the fixture's feed key (each key names one account). */
const accountsOfEachType = () =>
  ONE_ACCOUNT_OF_EACH_TYPE.map(({ feed: _feed, ...account }: { feed?: unknown }) => account);

/** A new owner of the sandbox merchant, signed in to the console (each example ends or uses its own). */
function owner(world: World): Promise<SignedInPerson> {
  return personOf(client, OPERATOR_API_KEY, world.sandbox.merchantCode, 'owner');
}

async function invitationToken(world: World): Promise<string> {
  const invited = await ok<{ invitationUrl: string }>(
    'POST',
    `/operator/merchants/${world.sandbox.merchantCode}/invitations`,
    {
      token: OPERATOR_API_KEY,
      body: { email: `inv-${randomBytes(3).toString('hex')}@shop.example`, role: 'finance' },
    },
  );
  return new URL(invited.body.invitationUrl).searchParams.get('invitation')!;
}

/** A live merchant made through the operator API; its code. */
async function operatorMerchant(): Promise<string> {
  const merchantCode = `op_${randomBytes(5).toString('hex')}`;
  await ok('POST', '/operator/merchants', {
    token: OPERATOR_API_KEY,
    body: { merchantCode, channelName: 'Operated Shop', test: false },
  });
  return merchantCode;
}
const first12 = '010556100001';
const PROMPTPAY_ID = first12 + thaiIdCheckDigit(first12);
const RETURN_URL = 'https://merchant.example/return';

async function createWorld(): Promise<World> {
  const sandbox = await api.createMerchant();
  const feedKey = `feed_${randomBytes(24).toString('base64url')}`;
  const vndFeedKey = `feed_${randomBytes(24).toString('base64url')}`;
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const live = await api.createMerchant({
    test: false,
    paymentMethods: ['QRTH', 'QRVN'],
    collectionAccounts: [
      {
        id: 'kbank-promptpay',
        type: 'PROMPTPAY',
        promptPayId: PROMPTPAY_ID,
        accountName: 'Bangkok Books Co., Ltd.',
        feed: { apiKey: feedKey, webhookSecret },
      },
      {
        id: 'vcb-vietqr',
        type: 'VIETQR',
        bin: '970436',
        accountNumber: '0071000123456',
        accountName: 'CONG TY SACH HA NOI',
        feed: { apiKey: vndFeedKey },
      },
    ],
  } as Partial<MerchantEntry>);
  return {
    sandbox,
    sandboxToken: await client.token(sandbox, EVERY_OPERATION),
    live,
    liveToken: await client.token(live, EVERY_OPERATION),
    feedKey,
    vndFeedKey,
    webhookSecret,
  };
}

/** Sends a request and expects a 2xx (a setup step, not an example). */
async function ok<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: RequestOptions,
): Promise<ApiResponse<T>> {
  const response = await client.request<T>(method, path, options);
  expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300);
  return response;
}

/** A created sandbox payin (OFFLINE THB unless said otherwise). */
async function payin(world: World, body: unknown = payinRequest()): Promise<string> {
  const id = newIdPayin('shape');
  await ok('POST', `/payins/${id}`, { token: world.sandboxToken, body });
  return id;
}

/**
 * A create request for a method's request object: its first currency, an operator that selects the
 * object where one does, and the customer data the method needs (method-requests.ts), completed
 * with what the document still says is required.
 */
function createRequest(method: MethodCode, requestObject: string): Record<string, unknown> {
  const currency = METHODS[method].currencies[0]!;
  const objectSchema = document.components.schemas[requestObject]!;
  const operators = (objectSchema.properties as Record<string, Schema>).paymentOperatorCode?.enum as
    string[] | undefined;
  const chooses = METHODS[method].requestVariants.length > 1;
  const request = methodRequest(method, currency, {
    ...(chooses && operators && { paymentOperatorCode: operators[0] }),
  }) as unknown as Record<string, unknown>;
  const validate = conformance.validator(documentPointer('components', 'schemas', 'CreatePayinRequest'));
  for (let round = 0; round < 5 && !validate(request); round++) {
    for (const error of (validate.errors ?? []).filter((e: ErrorObject) => e.keyword === 'required')) {
      const property = (error.params as { missingProperty: string }).missingProperty;
      const parent = valuesAt(request, error.instancePath.split('/').filter(Boolean))[0] as Record<
        string,
        unknown
      >;
      parent[property] ??= sampleField(property, currency);
    }
  }
  return request;
}

/**
 * The examples of each operation that takes a body, by operationId. Each builds what it needs (a
 * payin to cancel, money to pay out, an unmatched transaction to link) through the API.
 */
const EXAMPLES: Record<string, (world: World) => Example[] | Promise<Example[]>> = {
  createAuthToken(world): Example[] {
    return [
      {
        path: '/auth-tokens',
        contentType: 'application/json',
        body: {
          merchantCode: world.sandbox.merchantCode,
          secret: world.sandbox.secret,
          operations: ['GET /.*'],
        },
      },
    ];
  },
  createAuthTokenByAction(world): Example[] {
    return [
      {
        path: '/auth-tokens-by-action',
        contentType: 'application/json',
        body: {
          merchantCode: world.sandbox.merchantCode,
          secret: world.sandbox.secret,
          action: 'PAYIN_CREATE',
          idPayment: newIdPayin('shape'),
        },
      },
    ];
  },
  listPaymentOptions(world): Example[] {
    return [
      {
        path: '/payins/!availablePaymentOptions',
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { money: { amount: 1500.5, currencyCode: 'THB' } },
      },
    ];
  },
  createPayin(world): Example[] {
    return METHOD_CODES.flatMap((method) =>
      METHODS[method].requestVariants.map((variant) => ({
        path: `/payins/${newIdPayin('shape')}`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: createRequest(method, variant.requestObject),
      })),
    );
  },
  async cancelPayin(world) {
    return [
      {
        path: `/payins/${await payin(world)}/!cancel`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: {},
      },
    ];
  },
  async setExternalReference(world) {
    const id = await payin(world, createRequest('P2A_V2', 'P2AV2Method'));
    return [
      {
        path: `/payins/${id}/!setExternalReference`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { reference: '123456789012' },
      },
    ];
  },
  openCustomerSession(world): Example[] {
    return [
      {
        path: `/payins/${newIdPayin('shape')}/!customerSession`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { returnUrl: RETURN_URL, money: { amount: 1500.5, currencyCode: 'THB' } },
      },
    ];
  },
  async simulatePayin(world) {
    const ids = [await payin(world), await payin(world), await payin(world)];
    return [{ status: 'SUCCESS' }, { payment: 'SHORT' }, { payment: { amount: 100 }, delaySeconds: 60 }].map(
      (body, index) => ({
        path: `/sandbox/payins/${ids[index]}/!simulate`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body,
      }),
    );
  },
  async decideInstitutionSession(world) {
    const id = newIdPayin('shape');
    const created = await ok<{ paymentMethodResponse: { redirectTo: string } }>('POST', `/payins/${id}`, {
      token: world.sandboxToken,
      body: createRequest('ONLINE', METHODS.ONLINE.requestObject),
    });
    const session = created.body.paymentMethodResponse.redirectTo.split('/').pop()!;
    return [
      {
        path: `/sandbox/institution/${session}/!decide`,
        contentType: 'application/json',
        body: { decision: 'approve' },
      },
    ];
  },
  listPayoutOptions(world): Example[] {
    return [
      {
        path: '/payouts/!availablePaymentOptions',
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { money: { amount: 100, currencyCode: 'THB' } },
      },
    ];
  },
  async createPayout(world) {
    // Money to pay out: a test payin that succeeded.
    const id = await payin(world);
    await ok('POST', `/sandbox/payins/${id}/!simulate`, {
      token: world.sandboxToken,
      body: { status: 'SUCCESS' },
    });
    return [
      {
        path: `/payouts/${newIdPayin('payout')}`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: {
          paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
          paymentMethod: {
            paymentMethodCode: 'BANK_TRANSFER',
            account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
          },
          callbackUrl: 'https://merchant.example/callbacks',
        },
      },
    ];
  },
  async createPayoutBatch() {
    // A live merchant whose bank account pays out by file, funded by a customer's transfer, with a
    // payout waiting (docs/decisions/038).
    const shop = await api.createMerchant({
      test: false,
      fees: { default: { percent: 0 } },
      collectionAccounts: [
        {
          id: 'kbank-pays',
          type: 'BANK_ACCOUNT',
          currency: 'THB',
          bank: 'KBANK',
          accountNumber: '1234567890',
          accountName: 'Bangkok Books Co., Ltd.',
          payouts: { format: 'pain.001' },
        },
      ],
    });
    const token = await client.token(shop, EVERY_OPERATION);
    const id = newIdPayin('fund');
    const created = await ok<{ paymentMethodResponse: { reference: string } }>('POST', `/payins/${id}`, {
      token,
      body: payinRequest({ paymentRequested: { money: { amount: 100, currencyCode: 'THB' } } }),
    });
    await ok('POST', '/collection/statements?account=kbank-pays&timeZone=%2B07:00', {
      token,
      headers: { 'content-type': 'text/csv' },
      rawBody: `Transaction ID,Date,Description,Credit,Currency\r\nFUND${randomBytes(4).toString('hex')},2026-11-27 10:00:00,PAY ${created.body.paymentMethodResponse.reference},100.00,THB\r\n`,
    });
    await ok('POST', `/payouts/${newIdPayin('po')}`, {
      token,
      body: {
        paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Somchai Jaidee', accountNumber: '4012345678', bankCode: '014' },
        },
        callbackUrl: 'https://merchant.example/callbacks',
      },
    });
    return [
      { path: '/payout-batches', contentType: 'application/json', token, body: { accountId: 'kbank-pays' } },
    ];
  },
  async createRefund(world) {
    // A paid payin and money beside it: the payin fee is not given back, so a refund needs more.
    const ids = [await payin(world), await payin(world)];
    for (const id of ids)
      await ok('POST', `/sandbox/payins/${id}/!simulate`, {
        token: world.sandboxToken,
        body: { status: 'SUCCESS' },
      });
    return [
      {
        path: `/payins/${ids[0]}/refunds/${newIdPayin('refund')}`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: {
          money: { amount: 10, currencyCode: 'THB' },
          reason: 'Damaged in transit',
          destination: {
            paymentMethodCode: 'BANK_TRANSFER',
            account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
          },
          callbackUrl: 'https://merchant.example/callbacks',
        },
      },
    ];
  },
  async claimRefund(world) {
    // A stablecoin payin: the sender's address is unknown, so its refund is claimed by a link.
    const ids = [
      await payin(
        world,
        payinRequest({
          paymentRequested: { money: { amount: 100, currencyCode: 'USDT' } },
          paymentMethod: { paymentMethodCode: 'CRYPTO_OFFLINE' },
        }),
      ),
      await payin(
        world,
        payinRequest({
          paymentRequested: { money: { amount: 100, currencyCode: 'USDT' } },
          paymentMethod: { paymentMethodCode: 'CRYPTO_OFFLINE' },
        }),
      ),
    ];
    for (const id of ids)
      await ok('POST', `/sandbox/payins/${id}/!simulate`, {
        token: world.sandboxToken,
        body: { status: 'SUCCESS' },
      });
    const refund = await ok<{ claimUrl: string }>(
      'POST',
      `/payins/${ids[0]}/refunds/${newIdPayin('claim')}`,
      {
        token: world.sandboxToken,
        body: { money: { amount: 50, currencyCode: 'USDT' } },
      },
    );
    return [
      {
        path: `/refund-claims/${refund.body.claimUrl.split('/').pop()}`,
        contentType: 'application/json',
        body: {
          destination: {
            paymentMethodCode: 'CRYPTO',
            paymentOperatorCode: 'ETHEREUM',
            account: { accountNumber: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
          },
        },
      },
    ];
  },
  createPaymentLink(world) {
    return Promise.resolve([
      {
        path: `/payment-links/${newIdPayin('link')}`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: {
          amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 5000 },
          description: 'Donation to the school library',
          paymentMethodCodes: ['QRTH', 'OFFLINE'],
          usageLimit: 100,
          expireAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          callbackUrl: 'https://merchant.example/callbacks',
          returnUrl: 'https://merchant.example/thanks',
        },
      },
    ]);
  },
  async startPaymentLinkPayment(world) {
    const link = await ok<{ url: string }>('POST', `/payment-links/${newIdPayin('link')}`, {
      token: world.sandboxToken,
      body: {
        amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 5000 },
        description: 'Donation',
      },
    });
    return [
      {
        path: `/payment-link-pages/${link.body.url.split('/').pop()}/!start`,
        contentType: 'application/json',
        body: { amount: 250.5 },
      },
    ];
  },
  async simulateRefund(world) {
    const ids = [await payin(world), await payin(world)];
    for (const id of ids)
      await ok('POST', `/sandbox/payins/${id}/!simulate`, {
        token: world.sandboxToken,
        body: { status: 'SUCCESS' },
      });
    const idRefund = newIdPayin('refund');
    await ok('POST', `/payins/${ids[0]}/refunds/${idRefund}`, {
      token: world.sandboxToken,
      body: { money: { amount: 10, currencyCode: 'THB' } },
    });
    return [
      {
        path: `/sandbox/payins/${ids[0]}/refunds/${idRefund}/!simulate`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { status: 'REFUSED', processorStatus: 'ACCOUNT_CLOSED' },
      },
    ];
  },
  async simulatePayout(world) {
    const id = await payin(world);
    await ok('POST', `/sandbox/payins/${id}/!simulate`, {
      token: world.sandboxToken,
      body: { status: 'SUCCESS' },
    });
    const idPayout = newIdPayin('payout');
    await ok('POST', `/payouts/${idPayout}`, {
      token: world.sandboxToken,
      body: {
        paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
        },
        callbackUrl: 'https://merchant.example/callbacks',
      },
    });
    return [
      {
        path: `/sandbox/payouts/${idPayout}/!simulate`,
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { status: 'SUCCESS' },
      },
    ];
  },
  async sendTestCallback(world) {
    const receiver = await ok<{ url: string }>('GET', '/callback-receiver', { token: world.sandboxToken });
    return [
      {
        path: '/callbacks/!test',
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { url: receiver.body.url },
      },
    ];
  },
  createApiKey(world) {
    return [
      {
        path: '/api-keys',
        contentType: 'application/json',
        token: world.sandboxToken,
        body: {
          name: 'Reports',
          operations: ['GET /payins/.*'],
          allowedAddresses: ['127.0.0.1', '2001:db8::/32'],
          expiresAt: '2099-01-01T00:00:00Z',
        },
      },
    ];
  },
  operatorCreateMerchant(): Example[] {
    return [
      {
        path: '/operator/merchants',
        contentType: 'application/json',
        token: OPERATOR_API_KEY,
        body: {
          merchantCode: `op_${randomBytes(5).toString('hex')}`,
          channelName: 'Bangkok Books',
          test: false,
          paymentMethods: ['QRTH', 'OFFLINE'],
          fees: { default: { percent: 2.5, fixed: { THB: 5 } } },
          vatPercent: 7,
          payoutFees: { default: { percent: 1 } },
          settlementDelaySeconds: 86400,
          collectionAccounts: [
            ...accountsOfEachType(),
            {
              id: 'feed-fed',
              type: 'PROMPTPAY',
              promptPayId: '0812345678',
              accountName: 'Bangkok Books',
              feed: { apiKey: randomBytes(24).toString('hex') },
            },
          ],
        },
      },
    ];
  },
  async operatorUpdateMerchant(): Promise<Example[]> {
    const merchantCode = await operatorMerchant();
    return [
      {
        path: `/operator/merchants/${merchantCode}`,
        contentType: 'application/json',
        token: OPERATOR_API_KEY,
        body: {
          channelName: 'Renamed',
          fees: null,
          payoutFees: null,
          refundFee: { percent: 0, fixed: { THB: 5 } },
          vatPercent: 7,
          settlementDelaySeconds: 0,
          customerEmails: { reminder: false },
        },
      },
      {
        path: `/operator/merchants/${merchantCode}`,
        contentType: 'application/json',
        token: OPERATOR_API_KEY,
        body: {
          paymentMethods: ['QRTH'],
          fees: { QRTH: { percent: 1.5 } },
          payoutFees: { default: { percent: 0.5, fixed: { THB: 10 } } },
          refundFee: null,
          vatPercent: null,
          settlementDelaySeconds: null,
          timeZone: null,
          customerEmails: null,
        },
      },
    ];
  },
  async operatorAddCollectionAccount(): Promise<Example[]> {
    const merchantCode = await operatorMerchant();
    return accountsOfEachType().map((account) => ({
      path: `/operator/merchants/${merchantCode}/collection-accounts`,
      contentType: 'application/json',
      token: OPERATOR_API_KEY,
      body: account,
    }));
  },
  async operatorReplaceCollectionAccount(): Promise<Example[]> {
    const merchantCode = await operatorMerchant();
    const accounts = accountsOfEachType() as { id: string }[];
    for (const account of accounts)
      await ok('POST', `/operator/merchants/${merchantCode}/collection-accounts`, {
        token: OPERATOR_API_KEY,
        body: account,
      });
    return accounts.map((account) => ({
      path: `/operator/merchants/${merchantCode}/collection-accounts/${account.id}`,
      contentType: 'application/json',
      token: OPERATOR_API_KEY,
      body: { ...account, accountName: 'Renamed Holder' },
    }));
  },
  async operatorIssueApiKey(): Promise<Example[]> {
    const merchantCode = await operatorMerchant();
    return [
      {
        path: `/operator/merchants/${merchantCode}/api-keys`,
        contentType: 'application/json',
        token: OPERATOR_API_KEY,
        body: { name: 'Recovery key' },
      },
    ];
  },
  operatorInvite(world): Example[] {
    return [
      {
        path: `/operator/merchants/${world.sandbox.merchantCode}/invitations`,
        contentType: 'application/json',
        token: OPERATOR_API_KEY,
        body: { email: `new-${randomBytes(3).toString('hex')}@shop.example`, role: 'finance' },
      },
    ];
  },
  async consoleSignIn(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/sign-in',
        contentType: 'application/json',
        body: { email: person.email, password: person.password },
      },
    ];
  },
  async consoleSecondFactor(world): Promise<Example[]> {
    const pending = async (person: SignedInPerson) =>
      (
        await ok<{ sessionSecret: string }>('POST', '/console/sign-in', {
          body: { email: person.email, password: person.password },
        })
      ).body.sessionSecret;
    const [byCode, byRecovery] = [await owner(world), await owner(world)];
    return [
      {
        path: '/console/sign-in/!second-factor',
        contentType: 'application/json',
        token: await pending(byCode),
        body: { code: await nextCode(byCode) },
      },
      {
        path: '/console/sign-in/!second-factor',
        contentType: 'application/json',
        token: await pending(byRecovery),
        body: { recoveryCode: byRecovery.recoveryCodes[0] },
      },
    ];
  },
  async consoleOpenInvitation(world): Promise<Example[]> {
    return [
      {
        path: '/console/invitations/!open',
        contentType: 'application/json',
        body: { token: await invitationToken(world) },
      },
    ];
  },
  async consoleAcceptInvitation(world): Promise<Example[]> {
    return [
      {
        path: '/console/invitations/!accept',
        contentType: 'application/json',
        body: { token: await invitationToken(world), name: 'Fin Person', password: TEST_PASSWORD },
      },
    ];
  },
  async consoleSignOut(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/session/!sign-out',
        contentType: 'application/json',
        token: person.session,
        body: { everywhere: true },
      },
    ];
  },
  async consoleMintAuthToken(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/session/auth-tokens',
        contentType: 'application/json',
        token: person.session,
        body: {
          operations: ['GET /payins/.*'],
          validitySecs: 600,
          money: { amount: 100, currencyCode: 'THB' },
          terms: { returnUrl: RETURN_URL },
        },
      },
    ];
  },
  async consoleMintAuthTokenByAction(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/session/auth-tokens-by-action',
        contentType: 'application/json',
        token: person.session,
        body: {
          action: 'PAYIN_CREATE',
          idPayment: newIdPayin('console'),
          money: { amount: 100, currencyCode: 'THB' },
          terms: { returnUrl: RETURN_URL },
        },
      },
    ];
  },
  async consoleMerchantSettings(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/merchant-settings',
        contentType: 'application/json',
        token: person.session,
        body: { timeZone: 'UTC' },
      },
    ];
  },
  async consoleInvite(world): Promise<Example[]> {
    const person = await owner(world);
    return [
      {
        path: '/console/team/invitations',
        contentType: 'application/json',
        token: person.session,
        body: { email: `dev-${randomBytes(3).toString('hex')}@shop.example`, role: 'developer' },
      },
    ];
  },
  async consoleChangeRole(world): Promise<Example[]> {
    const person = await owner(world);
    const other = await personOf(client, OPERATOR_API_KEY, world.sandbox.merchantCode, 'viewer');
    const me = await ok<{ users: { idUser: string; email: string }[] }>('GET', '/console/team', {
      token: person.session,
    });
    const target = me.body.users.find((user) => user.email === other.email)!;
    return [
      {
        path: `/console/team/users/${target.idUser}`,
        contentType: 'application/json',
        token: person.session,
        body: { role: 'finance' },
      },
    ];
  },
  rotateCallbackSigningSecret(world) {
    return [
      {
        path: '/callbacks/signing-secret/!rotate',
        contentType: 'application/json',
        token: world.sandboxToken,
        body: { overlapSeconds: 3600 },
      },
    ];
  },
  async receiveCallback(world) {
    const receiver = await ok<{ url: string }>('GET', '/callback-receiver', { token: world.sandboxToken });
    return [
      {
        path: new URL(receiver.body.url).pathname.replace(/^\/api/, ''),
        contentType: 'text/plain',
        body: 'anything at all',
      },
    ];
  },
  receiveCollectionTransactions(world): Example[] {
    const delivery = JSON.parse(readFileSync('tests/fixtures/statements/feed-delivery.json', 'utf8')) as {
      transactions: { id: string }[];
    };
    const sepay = JSON.parse(readFileSync('tests/fixtures/statements/sepay-webhook.json', 'utf8')) as object;
    const signedBody = JSON.stringify({
      transactions: [{ ...delivery.transactions[1]!, id: `SIGNED${randomBytes(4).toString('hex')}` }],
    });
    const webhookId = `msg_${randomBytes(8).toString('hex')}`;
    const timestamp = new Date();
    return [
      {
        path: '/collection/transactions',
        contentType: 'application/json',
        headers: { authorization: `Apikey ${world.feedKey}` },
        body: delivery,
      },
      {
        path: '/collection/transactions',
        contentType: 'application/json',
        headers: { authorization: `Apikey ${world.vndFeedKey}` },
        body: { ...sepay, accountNumber: '0071000123456' },
      },
      {
        path: `/collection/transactions?merchant=${world.live.merchantCode}&account=kbank-promptpay`,
        contentType: 'application/json',
        headers: {
          'webhook-id': webhookId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': new Webhook(world.webhookSecret).sign(webhookId, timestamp, signedBody),
        },
        body: JSON.parse(signedBody) as unknown,
      },
    ];
  },
  importCollectionStatement(world): Example[] {
    return [
      {
        path: '/collection/statements?account=kbank-promptpay&timeZone=%2B07:00',
        contentType: 'text/csv',
        token: world.liveToken,
        body: readFileSync('tests/fixtures/statements/kbank-statement.csv', 'utf8'),
      },
      {
        path: '/collection/statements?account=vcb-vietqr',
        contentType: 'application/xml',
        token: world.liveToken,
        body: readFileSync('tests/fixtures/statements/vcb-camt053.xml', 'utf8'),
      },
    ];
  },
  saveStatementMapping(world): Example[] {
    return [
      {
        // Our layout: the CSV statements other examples import to this account stay readable.
        path: '/collection/accounts/kbank-promptpay/statement-mapping',
        contentType: 'application/json',
        token: world.liveToken,
        body: { preset: 'generic' },
      },
      {
        path: '/collection/accounts/vcb-vietqr/statement-mapping',
        contentType: 'application/json',
        token: world.liveToken,
        body: {
          columns: {
            id: 'Số tham chiếu',
            bookedAt: 'Ngày giao dịch',
            credit: 'Có',
            debit: 'Nợ',
            note: 'Mô tả',
          },
          dateFormat: 'DD/MM/YYYY',
          era: 'CE',
          decimalSeparator: 'none',
        },
      },
    ];
  },
  async linkCollectionTransaction(world) {
    const [unmatched] = await unmatchedTransactions(world, 1);
    const open = newIdPayin('live');
    await ok('POST', `/payins/${open}`, {
      token: world.liveToken,
      body: payinRequest({
        paymentRequested: { money: { amount: 500, currencyCode: 'THB' } },
        paymentMethod: {
          paymentMethodCode: 'QRTH',
          account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890' },
        },
      }),
    });
    return [
      {
        path: `/collection/transactions/${unmatched}/!link`,
        contentType: 'application/json',
        token: world.liveToken,
        body: { idPayin: open, by: 'Ops', note: 'Paid without the reference.' },
      },
    ];
  },
  async refundCollectionTransaction(world) {
    const [unmatched] = await unmatchedTransactions(world, 1);
    return [
      {
        path: `/collection/transactions/${unmatched}/!refund`,
        contentType: 'application/json',
        token: world.liveToken,
        body: { by: 'Ops', note: 'Refunded by transfer FT123.' },
      },
    ];
  },
};

/** Ids of new unmatched THB transactions (the feed delivers money no payin asks for). */
async function unmatchedTransactions(world: World, count: number): Promise<string[]> {
  const transactions = Array.from({ length: count }, (_, index) => ({
    id: `UNMATCHED${randomBytes(6).toString('hex')}`,
    amount: `${7 + index}.13`,
    currency: 'THB',
    bookedAt: new Date().toISOString(),
    note: 'no reference',
  }));
  const response = await ok<{ transactions: { transaction: { id: string } }[] }>(
    'POST',
    '/collection/transactions',
    { version: null, headers: { authorization: `Apikey ${world.feedKey}` }, body: { transactions } },
  );
  return response.body.transactions.map((entry) => entry.transaction.id);
}

/** The operations that take a body, with their template and method. */
function bodyOperations(): { template: string; method: string; operation: OpenApiOperation }[] {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody !== undefined)
      .map(([method, operation]) => ({ template, method, operation })),
  );
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

describe('every request shape the OpenAPI document describes', () => {
  it('has an example, which the document takes and the API accepts', async () => {
    const world = await createWorld();
    const shapes = new Map<string, boolean>();
    const failures: string[] = [];
    for (const { template, method, operation } of bodyOperations()) {
      const build = EXAMPLES[operation.operationId];
      if (!build) {
        failures.push(`${operation.operationId} (${method.toUpperCase()} ${template}) has no example`);
        continue;
      }
      const examples = await build(world);
      for (const [contentType, media] of Object.entries(operation.requestBody!.content)) {
        const pointer = ['paths', template, method, 'requestBody', 'content', contentType, 'schema'];
        const key = `${operation.operationId} ${contentType}`;
        shapes.set(key, false);
        const choices = choicesOf(media.schema, pointer, []);
        for (const choice of choices)
          choice.branches.forEach((branch, index) => {
            if (choice.keyword === 'anyOf' && !isObjectSchema(branch)) return;
            const name =
              (branch.$ref as string | undefined)?.replace('#/components/schemas/', '') ?? `#${index}`;
            shapes.set(`${key} ${choice.pointer.join('/')} ${choice.keyword} ${name}`, false);
          });
        const ofType = examples.filter(
          (example) => example.contentType === contentType || contentType === '*/*',
        );
        for (const example of ofType) {
          const isJson = JSON_TYPE.test(contentType);
          if (isJson) {
            const validate = conformance.validator(documentPointer(...pointer));
            if (!validate(example.body)) {
              failures.push(
                `${operation.operationId}: the example for ${example.path} is not what the document describes: ${JSON.stringify(validate.errors?.slice(0, 5))}`,
              );
              continue;
            }
          }
          const response = await client.request(method.toUpperCase(), example.path, {
            ...(example.token !== undefined && { token: example.token }),
            headers: { 'content-type': example.contentType, ...example.headers },
            ...(isJson ? { body: example.body } : { rawBody: example.body as string }),
          });
          if (response.status >= 300) {
            failures.push(
              `${operation.operationId}: ${example.path} answered ${response.status}: ${response.text}`,
            );
            continue;
          }
          shapes.set(key, true);
          for (const choice of choices)
            choice.branches.forEach((branch, index) => {
              const name =
                (branch.$ref as string | undefined)?.replace('#/components/schemas/', '') ?? `#${index}`;
              const shape = `${key} ${choice.pointer.join('/')} ${choice.keyword} ${name}`;
              if (!shapes.has(shape)) return;
              const validate = conformance.validator(
                documentPointer(...choice.pointer, choice.keyword, String(index)),
              );
              if (valuesAt(example.body, choice.instancePath).some((value) => validate(value)))
                shapes.set(shape, true);
            });
        }
      }
    }
    const unexercised = [...shapes].filter(([, sent]) => !sent).map(([shape]) => shape);
    expect(failures).toEqual([]);
    expect(unexercised, 'documented request shapes no example sent').toEqual([]);
    // Every payment method's request object is among them.
    for (const method of METHOD_CODES)
      for (const variant of METHODS[method].requestVariants)
        expect(
          [...shapes.keys()].some((shape) => shape.endsWith(` ${variant.requestObject}`)),
          variant.requestObject,
        ).toBe(true);
  });
});
