import { describe, expect, it } from 'vitest';
import { loggablePath } from './request-info';

describe('loggablePath', () => {
  it("drops the query: an arrival's token never reaches a log", () => {
    expect(loggablePath('/?token=eyJhbGciOi.x.y&merchantCode=shop')).toBe('/');
    expect(loggablePath('/api/payins/abc?x=1#frag')).toBe('/api/payins/abc');
    expect(loggablePath('http://127.0.0.1:3000/pay/shop/order-1?token=t')).toBe('/pay/shop/order-1');
  });

  it('hides the secrets that open pages and routes, keeping what they are', () => {
    const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    expect(loggablePath(`/links/${secret}`)).toBe('/links/:secret');
    expect(loggablePath(`/links/${secret}/start`)).toBe('/links/:secret/start');
    expect(loggablePath(`/api/payment-link-pages/${secret}/!start`)).toBe(
      '/api/payment-link-pages/:secret/!start',
    );
    expect(loggablePath(`/refunds/claim/${secret}/submit`)).toBe('/refunds/claim/:secret/submit');
    expect(loggablePath(`/api/refund-claims/${secret}`)).toBe('/api/refund-claims/:secret');
    expect(loggablePath('/sandbox/institution/sess123')).toBe('/sandbox/institution/:secret');
    expect(loggablePath('/api/sandbox/institution/sess123/!decide')).toBe(
      '/api/sandbox/institution/:secret/!decide',
    );
    expect(loggablePath('/api/callback-receiver/key123')).toBe('/api/callback-receiver/:secret');
  });

  it('leaves ordinary paths as they are', () => {
    expect(loggablePath('/api/payins/order-1/refunds/rf-1')).toBe('/api/payins/order-1/refunds/rf-1');
    expect(loggablePath('/console/payment-links/tshirt')).toBe('/console/payment-links/tshirt');
    expect(loggablePath('/api/callback-receiver')).toBe('/api/callback-receiver');
    expect(loggablePath('')).toBe('/');
  });
});
