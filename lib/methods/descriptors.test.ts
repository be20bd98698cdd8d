import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../money/currencies';
import { FIELD_RULES, NO_CUSTOMER_FIELDS } from '../schemas/customer-fields';
import { METHOD_CODES, METHODS } from './catalogue';
import { COLLECTION_ACCOUNT_TYPES, COMPLETION_KINDS, defineMethod, VALIDITY_MS } from './descriptor';

const english = JSON.parse(
  readFileSync(new URL('../../messages/en.json', import.meta.url), 'utf8'),
) as Record<string, Record<string, string>>;

describe('the method descriptors', () => {
  it('are one per code, in the specification’s order, each named in the messages', () => {
    expect(Object.keys(METHODS)).toEqual([...METHOD_CODES]);
    for (const code of METHOD_CODES) {
      expect(METHODS[code].code).toBe(code);
      const [group, key] = METHODS[code].messagesKey.split('.') as [string, string];
      expect(english[group]?.[key], code).toEqual(expect.any(String));
    }
  });

  it.each(METHOD_CODES)(
    '%s: gives a kind, field rules and a collection need for every currency it takes',
    (code) => {
      const descriptor = METHODS[code];
      expect(descriptor.currencies.length).toBeGreaterThan(0);
      for (const currency of descriptor.currencies) {
        expect(CURRENCY_CODES).toContain(currency);
        for (const operator of [undefined, 'UPI', 'OVO', 'HDFC']) {
          expect(COMPLETION_KINDS).toContain(descriptor.completion(currency, operator));
          for (const rule of Object.values(descriptor.customerFields(currency, operator)))
            expect(FIELD_RULES).toContain(rule);
          if (descriptor.collection.by === 'account')
            expect(COLLECTION_ACCOUNT_TYPES).toContain(descriptor.collection.need(currency, operator).type);
        }
      }
      for (const currency of descriptor.emvQrCurrencies) expect(descriptor.currencies).toContain(currency);
    },
  );

  it('name one request object per operator, where an operator selects the object', () => {
    for (const code of METHOD_CODES) {
      const { requestVariants } = METHODS[code];
      if (requestVariants.length === 1) continue;
      for (const operator of [undefined, 'UPI', 'HDFC', 'SBI'])
        expect(
          requestVariants.filter((variant) => variant.selects?.(operator)),
          `${code} ${operator}`,
        ).toHaveLength(1);
    }
  });
});

describe('defineMethod', () => {
  // A method that is not registered: what writing one descriptor gives.
  const example = defineMethod({
    code: 'EXAMPLE',
    name: 'Example QR',
    currencies: ['LAK'],
    requestObject: 'ExampleMethod',
    operatorChosenBy: 'service',
    validity: 'qr',
    completion: 'qr',
    customerFields: NO_CUSTOMER_FIELDS,
    collection: { by: 'connector' },
    response: { required: ['qrCode'] },
  });

  it('fills in what most methods share', () => {
    expect(example).toMatchObject({
      messagesKey: 'methods.EXAMPLE',
      requestVariants: [{ requestObject: 'ExampleMethod', description: 'Example QR (EXAMPLE): LAK.' }],
      assignsDefaultOperator: false,
      uniqueAmount: false,
      reportsAccountCustomer: false,
      validatesPhone: false,
      externalReference: undefined,
      takesProductId: false,
      emvQrCurrencies: [],
      response: { required: ['qrCode'], optional: [] },
    });
    expect(example.completion('LAK', undefined)).toBe('qr');
    expect(example.customerFields('LAK', 'ANY')).toEqual(NO_CUSTOMER_FIELDS);
    expect(VALIDITY_MS[example.validity]).toBe(15 * 60_000);
  });
});
