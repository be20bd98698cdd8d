import { describe, expect, it } from 'vitest';
import { createPaymentLinkRequestSchema } from '../schemas/payment-link-request';
import {
  linkFormFieldOf,
  linkHref,
  linkIsOpen,
  linkListQuery,
  linkRequestOf,
  localInputValue,
  mayDeactivate,
  methodsForCurrency,
  newIdLink,
  parseLinkFilters,
  qrFileName,
  zonedInstant,
} from './payment-links';

/** A form's values as FormData holds them. */
function formOf(values: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values))
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
  return form;
}

const NOW = new Date('2026-11-27T12:00:00Z');
const BASE = {
  idLink: 'spring-sale',
  amountMode: 'fixed',
  amount: '1500.50',
  currencyCode: 'THB',
  description: ' Spring sale ',
};

describe('the links list', () => {
  it('keeps a valid cursor only', () => {
    expect(parseLinkFilters({})).toEqual({});
    expect(parseLinkFilters({ cursor: 'abc_1-Z' })).toEqual({ cursor: 'abc_1-Z' });
    expect(parseLinkFilters({ cursor: 'a b' })).toEqual({});
    expect(parseLinkFilters({ cursor: ['a', 'b'] })).toEqual({});
    expect(linkListQuery({})).toBe('limit=25');
    expect(linkListQuery({ cursor: 'abc' }, 10)).toBe('limit=10&cursor=abc');
  });

  it('links to a page per link, its id encoded', () => {
    expect(linkHref('spring-sale')).toBe('/console/payment-links/spring-sale');
    expect(linkHref('a:b+c')).toBe('/console/payment-links/a%3Ab%2Bc');
  });
});

describe('linkRequestOf', () => {
  it('builds a fixed-amount request the contract accepts, blank optional fields left out', () => {
    const request = linkRequestOf(formOf(BASE), { timeZone: 'UTC', now: NOW });
    expect(request).toEqual({
      ok: true,
      idLink: 'spring-sale',
      body: { money: { amount: 1500.5, currencyCode: 'THB' }, description: 'Spring sale' },
    });
    if (request.ok) expect(createPaymentLinkRequestSchema.safeParse(request.body).success).toBe(true);
  });

  it('builds a customer-chosen range with every option', () => {
    const request = linkRequestOf(
      formOf({
        ...BASE,
        amountMode: 'range',
        amount: 'ignored',
        minAmount: '100',
        maxAmount: '5000.25',
        paymentMethodCodes: ['OFFLINE', 'QRTH', 'QRVN'],
        usageLimit: '10',
        expireAt: '2026-12-01T18:30',
        callbackUrl: 'https://shop.example/callbacks',
        returnUrl: 'https://shop.example/thanks',
      }),
      { timeZone: 'Asia/Bangkok', now: NOW },
    );
    expect(request).toEqual({
      ok: true,
      idLink: 'spring-sale',
      body: {
        amountRange: { currencyCode: 'THB', minAmount: 100, maxAmount: 5000.25 },
        description: 'Spring sale',
        // QRVN takes dong, not baht: the list of the currency chosen counts.
        paymentMethodCodes: ['OFFLINE', 'QRTH'],
        usageLimit: 10,
        expireAt: '2026-12-01T18:30:00+07:00',
        callbackUrl: 'https://shop.example/callbacks',
        returnUrl: 'https://shop.example/thanks',
      },
    });
    if (request.ok) expect(createPaymentLinkRequestSchema.safeParse(request.body).success).toBe(true);
  });

  it('names each field to correct', () => {
    expect(
      linkRequestOf(
        formOf({
          idLink: 'has space',
          amountMode: 'fixed',
          amount: '1.234',
          currencyCode: 'THB',
          description: '',
          usageLimit: '0',
          expireAt: '2026-11-27T10:00',
          callbackUrl: 'ftp://x',
          returnUrl: 'not a url',
        }),
        { timeZone: 'UTC', now: NOW },
      ),
    ).toEqual({
      ok: false,
      errors: {
        idLink: 'idLink',
        amount: 'amount',
        description: 'required',
        usageLimit: 'usageLimit',
        expireAt: 'expirePast',
        callbackUrl: 'url',
        returnUrl: 'url',
      },
    });
    expect(
      linkRequestOf(
        formOf({ ...BASE, idLink: '', amountMode: 'range', minAmount: '500', maxAmount: '100' }),
        { timeZone: 'UTC', now: NOW },
      ),
    ).toEqual({ ok: false, errors: { idLink: 'required', maxAmount: 'range' } });
    expect(
      linkRequestOf(formOf({ ...BASE, amount: '', currencyCode: 'XXX', description: 'x'.repeat(201) }), {
        timeZone: 'UTC',
        now: NOW,
      }),
    ).toEqual({
      ok: false,
      errors: { amount: 'required', currencyCode: 'currency', description: 'tooLong' },
    });
    expect(
      linkRequestOf(formOf({ ...BASE, usageLimit: '1.5', expireAt: '2026-02-30T10:00' }), {
        timeZone: 'UTC',
        now: NOW,
      }),
    ).toEqual({ ok: false, errors: { usageLimit: 'usageLimit', expireAt: 'expireAt' } });
  });

  it('takes whole units only where the currency has no minor unit', () => {
    expect(
      linkRequestOf(formOf({ ...BASE, currencyCode: 'VND', amount: '150000.5' }), { timeZone: 'UTC' }),
    ).toMatchObject({ ok: false, errors: { amount: 'amount' } });
    expect(
      linkRequestOf(formOf({ ...BASE, currencyCode: 'VND', amount: '150000' }), { timeZone: 'UTC' }),
    ).toMatchObject({ ok: true, body: { money: { amount: 150000, currencyCode: 'VND' } } });
  });
});

describe('linkFormFieldOf', () => {
  it('puts the API’s field errors next to the fields', () => {
    expect(linkFormFieldOf('idLink', 'fixed')).toBe('idLink');
    expect(linkFormFieldOf('money.amount', 'fixed')).toBe('amount');
    expect(linkFormFieldOf('money', 'fixed')).toBe('amount');
    expect(linkFormFieldOf('money', 'range')).toBe('minAmount');
    expect(linkFormFieldOf('amountRange.maxAmount', 'range')).toBe('maxAmount');
    expect(linkFormFieldOf('paymentMethodCodes.1', 'fixed')).toBe('paymentMethodCodes');
    expect(linkFormFieldOf('expireAt', 'fixed')).toBe('expireAt');
    expect(linkFormFieldOf('somethingElse', 'fixed')).toBeUndefined();
    expect(linkFormFieldOf('toString', 'fixed')).toBeUndefined();
  });
});

describe('zonedInstant', () => {
  it('reads the wall time in the merchant’s zone, with that zone’s offset then', () => {
    expect(zonedInstant('2026-12-01T18:30', 'Asia/Bangkok')).toBe('2026-12-01T18:30:00+07:00');
    expect(zonedInstant('2026-12-01T18:30', 'UTC')).toBe('2026-12-01T18:30:00+00:00');
    expect(zonedInstant('2026-12-01T18:30', 'Asia/Kolkata')).toBe('2026-12-01T18:30:00+05:30');
    // Summer and winter time in one zone.
    expect(zonedInstant('2026-07-01T09:00', 'Europe/Berlin')).toBe('2026-07-01T09:00:00+02:00');
    expect(zonedInstant('2026-01-15T09:00', 'Europe/Berlin')).toBe('2026-01-15T09:00:00+01:00');
    expect(zonedInstant('2026-03-10T12:00', 'America/New_York')).toBe('2026-03-10T12:00:00-04:00');
    expect(zonedInstant('2026-12-01T18:30', 'Not/AZone')).toBe('2026-12-01T18:30:00+00:00');
  });

  it('refuses what is not a time', () => {
    expect(zonedInstant('2026-12-01', 'UTC')).toBeUndefined();
    expect(zonedInstant('2026-13-01T10:00', 'UTC')).toBeUndefined();
    expect(zonedInstant('2026-12-01T24:00', 'UTC')).toBeUndefined();
    expect(zonedInstant('tomorrow', 'UTC')).toBeUndefined();
  });

  it('and shows an instant back as the field writes it', () => {
    expect(localInputValue(new Date('2026-12-01T11:30:00Z'), 'Asia/Bangkok')).toBe('2026-12-01T18:30');
    expect(localInputValue(new Date('2026-12-01T11:30:00Z'), 'UTC')).toBe('2026-12-01T11:30');
  });
});

describe('what a link allows', () => {
  it('is turned off while it takes payments or may again', () => {
    expect(mayDeactivate('ACTIVE')).toBe(true);
    expect(mayDeactivate('USED_UP')).toBe(true);
    expect(mayDeactivate('EXPIRED')).toBe(false);
    expect(mayDeactivate('INACTIVE')).toBe(false);
  });

  it('is watched while it may change', () => {
    expect(linkIsOpen({ status: 'ACTIVE', uses: { pending: 0 } })).toBe(true);
    expect(linkIsOpen({ status: 'USED_UP', uses: { pending: 1 } })).toBe(true);
    expect(linkIsOpen({ status: 'USED_UP', uses: { pending: 0 } })).toBe(false);
    expect(linkIsOpen({ status: 'INACTIVE', uses: { pending: 0 } })).toBe(false);
  });

  it('offers the methods of its currency', () => {
    expect(methodsForCurrency('THB')).toContain('QRTH');
    expect(methodsForCurrency('THB')).not.toContain('QRVN');
    expect(methodsForCurrency('VND')).toContain('QRVN');
  });

  it('has a fresh id and a file name for its QR code', () => {
    expect(newIdLink()).toMatch(/^link-[0-9a-f]{12}$/);
    expect(newIdLink()).not.toBe(newIdLink());
    expect(qrFileName('spring-sale')).toBe('spring-sale-qr.png');
    expect(qrFileName('a:b+c')).toBe('a_b_c-qr.png');
  });
});
