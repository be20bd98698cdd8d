import type Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_CODES, METHODS, type MethodCode } from '@/lib/methods';
import type { CurrencyCode } from '@/lib/money';
import { documentedResponseProperties } from '@/server/http/openapi/payin-schemas';
import { ALL_PAYIN_OPERATIONS } from '../support/api-client';
import { newIdPayin } from '../support/builders';
import { sampleField } from '../support/method-customers';
import { SAMPLE_AMOUNTS } from '../support/method-requests';
import { openApiAjv } from '../support/openapi-conformance';
import { startTestApi, type TestApi } from '../support/test-api';

// The OpenAPI document, read as a merchant's tooling would, validates what the API really takes
// and answers: an independent JSON Schema 2020-12 validator (Ajv) is the judge.
let api: TestApi;
let document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};
let ajv: Ajv2020;

beforeAll(async () => {
  api = await startTestApi();
  document = (await api.client.request<typeof document>('GET', '/openapi.json', { version: null })).body;
  // Ajv as the test client holds every answer to the document (multipleOfPrecision: 9); it has no
  // use for OpenAPI's discriminator mapping, which is checked below.
  ajv = openApiAjv(document);
});
afterAll(() => api.close());

const validator = (name: string): ValidateFunction =>
  ajv.getSchema(`openapi.json#/components/schemas/${name}`)!;

/** Follows an instance path ("/paymentMethod/account") into the request. */
function at(root: Record<string, unknown>, path: string): Record<string, unknown> {
  return path
    .split('/')
    .filter(Boolean)
    .reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, root);
}

/**
 * The smallest create the document accepts: start from the method code, add each property the
 * validator reports missing, until it validates.
 */
function minimalRequest(method: MethodCode, currency: CurrencyCode, operator: string | undefined) {
  const request: Record<string, unknown> = {
    paymentRequested: { money: { amount: SAMPLE_AMOUNTS[currency], currencyCode: currency } },
    paymentMethod: { paymentMethodCode: method, ...(operator && { paymentOperatorCode: operator }) },
    callbackUrl: 'https://merchant.example/callbacks',
    returnUrl: 'https://merchant.example/return',
  };
  const validate = validator('CreatePayinRequest');
  for (let round = 0; round < 10 && !validate(request); round++) {
    const missing = (validate.errors ?? []).filter((error: ErrorObject) => error.keyword === 'required');
    if (missing.length === 0) break;
    for (const error of missing) {
      const property = (error.params as { missingProperty: string }).missingProperty;
      const parent = at(request, error.instancePath);
      parent[property] ??= sampleField(property, currency);
    }
  }
  return { request, valid: validate(request), errors: validate.errors };
}

const cases = METHOD_CODES.flatMap((method) =>
  METHODS[method].currencies.flatMap((currency) =>
    [undefined, ...(method === 'EWALLET' ? ['OVO'] : []), ...(method === 'P2A_V2' ? ['SBI'] : [])].map(
      (operator) => [method, currency, operator] as const,
    ),
  ),
);

describe('the OpenAPI document', () => {
  it("names the specification's objects: a request and a response object per method, discriminated by paymentMethodCode", () => {
    const schemas = document.components.schemas;
    for (const method of METHOD_CODES) {
      expect(schemas[METHODS[method].requestObject], method).toBeDefined();
      expect(schemas[`${METHODS[method].requestObject}Response`], method).toBeDefined();
    }
    expect(schemas.IndiaTransferMethod).toBeDefined();
    expect(schemas.PaymentMethod).toMatchObject({ discriminator: { propertyName: 'paymentMethodCode' } });
    expect(schemas.PaymentMethodResponse).toMatchObject({
      discriminator: { propertyName: 'paymentMethodCode' },
    });
    const create = document.paths['/payins/{idPayin}']!.post!;
    expect(JSON.stringify(create.requestBody)).toContain('#/components/schemas/CreatePayinRequest');
    expect(JSON.stringify(schemas.P2AV2MethodResponse)).toContain('^\\\\d{12}$');
    const money = schemas.Money as { properties: { amount: Record<string, unknown> } };
    expect(money.properties.amount).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    const operators = document.paths['/payment-operators']!.get!.parameters as { name: string; in: string }[];
    expect(
      operators.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
    ).toEqual(['paymentMethodCodes', 'currencyCodes']);
  });

  it('states decimals as multipleOf and lets fee and vat be 0: THB 10.123 and VND 10.5 refused, THB 10.12 and a zero vat taken', async () => {
    const money = validator('Money');
    const orZero = validator('MoneyOrZero');
    expect(money({ amount: 10.12, currencyCode: 'THB' }), JSON.stringify(money.errors)).toBe(true);
    expect(money({ amount: 10.123, currencyCode: 'THB' })).toBe(false);
    expect(JSON.stringify(money.errors)).toContain('multipleOf');
    expect(money({ amount: 10.5, currencyCode: 'VND' })).toBe(false);
    expect(money({ amount: 150.123456, currencyCode: 'USDT' })).toBe(true);
    expect(money({ amount: 150.1234567, currencyCode: 'USDT' })).toBe(false);
    expect(money({ amount: 0, currencyCode: 'INR' })).toBe(false);
    expect(orZero({ amount: 0, currencyCode: 'INR' })).toBe(true);
    expect(orZero({ amount: 10.123, currencyCode: 'THB' })).toBe(false);
    expect(orZero({ amount: -1, currencyCode: 'THB' })).toBe(false);
    expect(JSON.stringify(document.components.schemas.Money)).toContain('multipleOfPrecision');

    // A 1.00 INR QRIN payin: a 2 % fee is 0.02, and 7 % VAT on it rounds to 0.
    const merchant = await api.createMerchant({ vatPercent: 7 });
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const id = newIdPayin();
    const created = await api.client.request<{ paymentMethodResponse: { vat: unknown } }>(
      'POST',
      `/payins/${id}`,
      {
        token,
        body: {
          ...minimalRequest('QRIN', 'INR', undefined).request,
          paymentRequested: { money: { amount: 1, currencyCode: 'INR' } },
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.paymentMethodResponse.vat).toEqual({ amount: 0, currencyCode: 'INR' });
    expect(validator('CreatePayinResponse')(created.body)).toBe(true);
    // A merchant that pays no fee: fee 0.
    const free = await api.createMerchant({ fees: { default: { percent: 0 } } });
    const freeToken = await api.client.token(free, ALL_PAYIN_OPERATIONS);
    const freeId = newIdPayin();
    await api.client.request('POST', `/payins/${freeId}`, {
      token: freeToken,
      body: minimalRequest('QRTH', 'THB', undefined).request,
    });
    const read = await api.client.request<{ fee: unknown }>('GET', `/payins/${freeId}`, { token: freeToken });
    expect(read.body.fee).toEqual({ amount: 0, currencyCode: 'THB' });
    const payin = validator('Payin');
    expect(payin(read.body), JSON.stringify(payin.errors)).toBe(true);

    // moneyOutstanding, when the API gives it, is more than 0.
    const process = { status: 'PENDING', createdAt: '2026-01-01T00:00:00Z', processedAt: null, isTest: true };
    const processSchema = validator('PaymentProcess');
    expect(processSchema({ ...process, moneyOutstanding: { amount: 0.5, currencyCode: 'INR' } })).toBe(true);
    expect(processSchema({ ...process, moneyOutstanding: { amount: 0, currencyCode: 'INR' } })).toBe(false);
  });

  it('documents every request body the API reads, and how the bank feed authenticates', () => {
    const feed = document.paths['/collection/transactions']!.post! as Record<string, unknown> & {
      requestBody: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
    };
    expect(feed.requestBody.required).toBe(true);
    expect(feed.requestBody.content['application/json']!.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/FeedDelivery' }, { $ref: '#/components/schemas/SePayWebhook' }],
    });
    expect(feed.security).toEqual([{ feedApiKey: [] }, { feedSignature: [] }]);
    const schemes = (document.components as unknown as { securitySchemes: Record<string, object> })
      .securitySchemes;
    expect(schemes.feedApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(schemes.feedSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'webhook-signature' });
    expect(JSON.stringify(schemes.feedSignature)).toContain('webhook-timestamp');

    const statements = document.paths['/collection/statements']!.post! as {
      requestBody: { content: Record<string, unknown> };
      security: unknown;
    };
    expect(Object.keys(statements.requestBody.content)).toEqual(['text/csv', 'application/xml']);
    expect(statements.security).toEqual([{ bearerAuth: [] }]);

    const delivery = validator('FeedDelivery');
    expect(
      delivery({
        transactions: [{ id: 'T1', amount: '1500.50', bookedAt: '2026-11-24T10:00:00+07:00', note: 'ref' }],
      }),
      JSON.stringify(delivery.errors),
    ).toBe(true);
    expect(delivery({ transactions: [{ id: 'T1', amount: 1500.5, bookedAt: '2026-11-24' }] })).toBe(false);
    const sepay = validator('SePayWebhook');
    expect(
      sepay({
        id: 92704,
        transactionDate: '2023-03-25 14:02:37',
        transferType: 'in',
        transferAmount: 2277000,
      }),
    ).toBe(true);

    // Every POST but the redeliveries, a batch's cancel, an e-mail's page link and the console's
    // bodiless actions documents its body.
    const bodiless = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.post && !operations.post.requestBody ? [path] : [],
    );
    expect(bodiless.sort()).toEqual([
      '/console/session/tokens',
      '/console/team/users/{idUser}/!disable',
      '/console/team/users/{idUser}/!end-sessions',
      '/page-links/{key}/!open',
      '/payins/{idPayin}/callbacks/!redeliver',
      '/payment-links/{idLink}/!deactivate',
      '/payout-batches/{idBatch}/!cancel',
      '/payouts/{idPayout}/callbacks/!redeliver',
    ]);
  });

  it.each(cases)(
    '%s %s (operator %s): the smallest create it accepts is created, and the answers match it',
    async (method, currency, operator) => {
      const { request, valid, errors } = minimalRequest(method, currency, operator);
      expect(valid, JSON.stringify(errors)).toBe(true);
      const merchant = await api.createMerchant();
      const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
      const id = newIdPayin();
      const created = await api.client.request('POST', `/payins/${id}`, { token, body: request });
      expect(created.status, created.text).toBe(201);
      const createResponse = validator('CreatePayinResponse');
      expect(createResponse(created.body), JSON.stringify(createResponse.errors)).toBe(true);

      const read = await api.client.request<{ paymentMethodResponse: Record<string, unknown> }>(
        'GET',
        `/payins/${id}`,
        { token },
      );
      const payin = validator('Payin');
      expect(payin(read.body), JSON.stringify(payin.errors)).toBe(true);
      // Nothing undocumented in the method response.
      const documented = documentedResponseProperties(method);
      for (const key of Object.keys(read.body.paymentMethodResponse)) expect(documented, key).toContain(key);
      const accounts = await api.client.request('GET', `/payins/${id}/accounts`, { token });
      expect(validator('CustomerAccounts')(accounts.body)).toBe(true);
    },
  );

  it('documents GET /payins (its query parameters, PayinList) and POST /payins/{idPayin}/!cancel, and the answers match', async () => {
    const listing = document.paths['/payins']!.get!;
    const parameters = listing.parameters as { name: string; in: string }[];
    expect(
      parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
    ).toEqual([
      'limit',
      'cursor',
      'q',
      'status',
      'paymentMethodCode',
      'currencyCode',
      'createdFrom',
      'createdTo',
      'isTest',
    ]);
    expect(JSON.stringify(listing.responses)).toContain('#/components/schemas/PayinList');
    const cancelling = document.paths['/payins/{idPayin}/!cancel']!.post!;
    expect(cancelling.requestBody).toMatchObject({ required: false });
    expect(JSON.stringify(cancelling.responses)).toContain('#/components/schemas/Payin');

    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, [...ALL_PAYIN_OPERATIONS, 'GET /payins']);
    const ids = [newIdPayin(), newIdPayin(), newIdPayin()];
    for (const [index, id] of ids.entries()) {
      const method = (['OFFLINE', 'QRTH', 'P2A_V2'] as const)[index]!;
      const currency = method === 'P2A_V2' ? 'INR' : 'THB';
      const { request } = minimalRequest(method, currency, method === 'P2A_V2' ? 'SBI' : undefined);
      expect((await api.client.request('POST', `/payins/${id}`, { token, body: request })).status).toBe(201);
    }
    const cancelled = await api.client.request('POST', `/payins/${ids[0]}/!cancel`, { token });
    expect(cancelled.status).toBe(200);
    const payin = validator('Payin');
    expect(payin(cancelled.body), JSON.stringify(payin.errors)).toBe(true);

    const list = validator('PayinList');
    const first = await api.client.request<{ nextCursor?: string }>('GET', '/payins?limit=2', { token });
    expect(list(first.body), JSON.stringify(list.errors)).toBe(true);
    const last = await api.client.request('GET', `/payins?limit=2&cursor=${first.body.nextCursor}`, {
      token,
    });
    expect(list(last.body), JSON.stringify(list.errors)).toBe(true);
    expect(list({ data: [{ ...(cancelled.body as object) }] })).toBe(false); // idPayin is required
  });

  it('documents payouts and balances, and the answers match', async () => {
    const schemaOf = (path: string, method: string, status: string) =>
      ajv.compile(
        (
          document.paths[path]![method]!.responses as Record<
            string,
            { content: Record<string, { schema: object }> }
          >
        )[status]!.content['application/json']!.schema,
      );
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, [
      ...ALL_PAYIN_OPERATIONS,
      'POST /payouts/.*',
      'GET /payouts.*',
      'GET /balances',
      'GET /balance-transactions',
    ]);
    const idPayin = newIdPayin();
    await api.client.request('POST', `/payins/${idPayin}`, {
      token,
      body: minimalRequest('OFFLINE', 'THB', undefined).request,
    });
    await api.client.request('POST', `/sandbox/payins/${idPayin}/!simulate`, {
      token,
      body: { status: 'SUCCESS' },
    });
    const idPayout = newIdPayin();
    const created = await api.client.request('POST', `/payouts/${idPayout}`, {
      token,
      body: {
        paymentRequested: { money: { amount: 10, currencyCode: 'THB' } },
        paymentMethod: {
          paymentMethodCode: 'BANK_TRANSFER',
          account: { accountName: 'Somchai Jaidee', accountNumber: '1234567890', bankCode: '014' },
        },
        callbackUrl: 'https://merchant.example/callbacks',
      },
    });
    expect(created.status, created.text).toBe(201);
    const checks: [string, string, string, unknown][] = [
      ['/payouts/{idPayout}', 'post', '201', created.body],
      [
        '/payouts/{idPayout}',
        'get',
        '200',
        (await api.client.request('GET', `/payouts/${idPayout}`, { token })).body,
      ],
      ['/payouts', 'get', '200', (await api.client.request('GET', '/payouts', { token })).body],
      ['/balances', 'get', '200', (await api.client.request('GET', '/balances', { token })).body],
      [
        '/balance-transactions',
        'get',
        '200',
        (await api.client.request('GET', '/balance-transactions', { token })).body,
      ],
    ];
    for (const [path, method, status, body] of checks) {
      const validate = schemaOf(path, method, status);
      expect(validate(body), `${method} ${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const parameters = document.paths['/payouts/{idPayout}']!.get!.parameters as {
      name: string;
      schema: object;
    }[];
    expect(parameters[0]).toMatchObject({ name: 'idPayout', schema: { pattern: expect.any(String) } });
    expect(JSON.stringify(document.paths['/payouts/{idPayout}']!.post!.responses)).toContain(
      'INSUFFICIENT_BALANCE',
    );
  });

  it('refuses, as the API does, a create that lacks what the currency needs', async () => {
    const merchant = await api.createMerchant();
    const token = await api.client.token(merchant, ALL_PAYIN_OPERATIONS);
    const validate = validator('CreatePayinRequest');
    for (const [currency, missing] of [
      ['KRW', 'accountName'],
      ['JPY', 'emailAddress'],
    ] as const) {
      const request = {
        paymentRequested: { money: { amount: SAMPLE_AMOUNTS[currency], currencyCode: currency } },
        paymentMethod: { paymentMethodCode: 'OFFLINE', account: {} },
        callbackUrl: 'https://merchant.example/callbacks',
        returnUrl: 'https://merchant.example/return',
      };
      expect(validate(request)).toBe(false);
      expect(JSON.stringify(validate.errors)).toContain(missing);
      const response = await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body: request });
      expect(response.status).toBe(400);
    }
    // A currency the method does not take is refused by both too.
    const wrongCurrency = {
      paymentRequested: { money: { amount: 100, currencyCode: 'THB' } },
      paymentMethod: { paymentMethodCode: 'MOBILE_MONEY', phoneNumber: '+254712345678' },
      callbackUrl: 'https://merchant.example/callbacks',
      returnUrl: 'https://merchant.example/return',
    };
    expect(validate(wrongCurrency)).toBe(false);
    expect(
      (await api.client.request('POST', `/payins/${newIdPayin()}`, { token, body: wrongCurrency })).status,
    ).toBe(400);
  });
});
