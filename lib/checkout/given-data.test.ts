import { describe, expect, it } from 'vitest';
import { refusedGivenFields } from './given-data';
import { parseCheckoutParams } from './params';

function params(query: Record<string, string>) {
  const parsed = parseCheckoutParams({
    amount: '100',
    currencyCode: 'KES',
    callbackUrl: 'https://shop.example/cb',
    returnUrl: 'https://shop.example/back',
    ...query,
  });
  if (!parsed.ok) throw new Error(parsed.invalid.join());
  return parsed.params;
}

describe('refusedGivenFields', () => {
  it('names the given fields the API would refuse for the chosen option', () => {
    const mpesa = { method: 'MOBILE_MONEY' as const, operator: { code: 'MPESA', name: 'M-Pesa' } };
    expect(
      refusedGivenFields(params({ emailAddress: 'not-an-email', phoneNumber: '0712345678' }), mpesa),
    ).toEqual(['emailAddress']);
    // A push needs a mobile of the payment's country: a Thai number cannot receive it.
    expect(refusedGivenFields(params({ phoneNumber: '+66812345678' }), mpesa)).toEqual(['phoneNumber']);
    // Where the phone is optional, any number that is a phone shape is fine (the API drops a bad one).
    const offline = { method: 'OFFLINE' as const, operator: undefined };
    expect(
      refusedGivenFields(params({ currencyCode: 'THB', phoneNumber: '+44 20 7946 0958' }), offline),
    ).toEqual([]);
  });
});
