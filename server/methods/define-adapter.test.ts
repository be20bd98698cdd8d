import { describe, expect, it } from 'vitest';
import { defineMethod, UTR, type MethodCode } from '@/lib/methods';
import { fieldRules } from '@/lib/schemas';
import { defineAdapter } from './define-adapter';

describe('defineAdapter', () => {
  // An unregistered method (its code cast: the port takes registered codes only): its descriptor and
  // its behaviour are all an adapter needs.
  const descriptor = defineMethod({
    code: 'EXAMPLE' as MethodCode,
    name: 'Example transfer',
    currencies: ['INR'],
    requestObject: 'ExampleMethod',
    operatorChosenBy: 'customer',
    assignsDefaultOperator: true,
    validity: 'transfer',
    completion: (_currency, operator) => (operator === 'PUSHY' ? 'push' : 'instructions'),
    customerFields: fieldRules({ emailAddress: 'optional' }),
    externalReference: { required: true, rule: UTR },
    collection: { by: 'account', need: (_currency, bank) => ({ type: 'BANK_ACCOUNT', operator: bank }) },
    response: { required: ['account'] },
  });
  const adapter = defineAdapter(descriptor, {
    buildResponse: ({ idPayin }) => ({ account: { accountNumber: idPayin } }),
    processAccount: (payin) => ({ accountNumber: payin.idPayin }),
  });

  it('states the descriptor’s facts as the port has them', () => {
    expect(adapter).toMatchObject({
      code: 'EXAMPLE',
      descriptor,
      currencies: ['INR'],
      assignsDefaultOperator: true,
      uniqueAmount: false,
      reportsAccountCustomer: false,
      externalReference: { required: true, pattern: UTR.pattern, description: UTR.description },
    });
    expect(adapter.validityMs('INR')).toBe(24 * 3_600_000);
    expect(adapter.completion('INR', { code: 'PUSHY', name: 'Pushy' })).toBe('push');
    expect(adapter.completion('INR', undefined)).toBe('instructions');
    expect(adapter.collection.by === 'account' && adapter.collection.need('INR', 'HDFC')).toEqual({
      type: 'BANK_ACCOUNT',
      operator: 'HDFC',
    });
  });

  it('offers no operator unless the behaviour names them', () => {
    expect(adapter.operators('INR')).toEqual([]);
  });
});
