import { describe, expect, it } from 'vitest';
import { isPageError, pageErrorOf, sortRejectedFields } from './page-errors';

describe('pageErrorOf', () => {
  it('says what the API code means to the customer', () => {
    expect(pageErrorOf(409, 'PAYMENT_LINK_CLOSED')).toBe('paymentLinkClosed');
    expect(pageErrorOf(403, 'MONEY_NOT_PERMITTED')).toBe('amountNotAuthorised');
    expect(pageErrorOf(403, 'TERMS_NOT_PERMITTED')).toBe('linkChanged');
    expect(pageErrorOf(403, 'SESSION_ENDED')).toBe('sessionEnded');
  });

  it('falls back on the status for codes it does not know', () => {
    expect(pageErrorOf(401, undefined)).toBe('linkInvalid');
    expect(pageErrorOf(403, 'SOMETHING_NEW')).toBe('linkViewOnly');
    expect(pageErrorOf(429, undefined)).toBe('tooManyAttempts');
    expect(pageErrorOf(502, undefined)).toBe('serviceUnavailable');
    expect(pageErrorOf(409, 'SOMETHING_NEW')).toBe('parametersInvalid');
  });

  it('is a closed set', () => {
    expect(isPageError('paymentLinkClosed')).toBe(true);
    expect(isPageError('status')).toBe(false);
  });
});

describe('sortRejectedFields', () => {
  it("keeps the customer's own fields apart from the link's", () => {
    expect(
      sortRejectedFields([
        { field: 'paymentMethod.phoneNumber' },
        { field: 'paymentRequested.money.amount' },
        { field: 'paymentMethod.emailAddress' },
      ]),
    ).toEqual({ customer: ['emailAddress', 'phoneNumber'], link: ['amount'] });
  });
});
