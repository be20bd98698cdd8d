import { describe, expect, it } from 'vitest';
import { consoleOperation } from './operations';

describe('consoleOperation', () => {
  it('lets reads through for everyone and marks tools and minting', () => {
    expect(consoleOperation('GET', ['payins'])).toEqual({
      method: 'GET',
      path: '/payins',
      tool: false,
      credentials: false,
    });
    expect(consoleOperation('POST', ['payins', 'order:1', '!cancel'])).toMatchObject({
      path: '/payins/order%3A1/!cancel',
      tool: true,
    });
    expect(consoleOperation('POST', ['auth-tokens'])).toMatchObject({ tool: true, credentials: true });
    expect(consoleOperation('POST', ['payins', '!availablePaymentOptions'])).toMatchObject({ tool: false });
  });

  it('lets balances, the ledger and payouts be read by everyone; creating and simulating payouts are tools', () => {
    for (const segments of [['balances'], ['balance-transactions'], ['payouts'], ['payouts', 'po-1']])
      expect(consoleOperation('GET', segments)).toMatchObject({ tool: false, credentials: false });
    expect(consoleOperation('POST', ['payouts', '!availablePaymentOptions'])).toEqual({
      method: 'POST',
      path: '/payouts/!availablePaymentOptions',
      tool: false,
      credentials: false,
    });
    expect(consoleOperation('POST', ['payouts', 'po:1'])).toEqual({
      method: 'POST',
      path: '/payouts/po%3A1',
      tool: true,
      credentials: false,
    });
    expect(consoleOperation('POST', ['sandbox', 'payouts', 'po-1', '!simulate'])).toMatchObject({
      path: '/sandbox/payouts/po-1/!simulate',
      tool: true,
    });
  });

  it('refuses payout calls the console does not make', () => {
    expect(consoleOperation('GET', ['payouts', '!availablePaymentOptions'])).toBeUndefined();
    expect(consoleOperation('POST', ['payouts'])).toBeUndefined();
    expect(consoleOperation('POST', ['balances'])).toBeUndefined();
    expect(consoleOperation('GET', ['payouts', '..'])).toBeUndefined();
    expect(consoleOperation('POST', ['payouts', '!simulate'])).toBeUndefined();
    expect(consoleOperation('POST', ['sandbox', 'payouts', '!x', '!simulate'])).toBeUndefined();
    expect(consoleOperation('GET', ['balance-transactions', 'x'])).toBeUndefined();
  });

  it('refuses anything else', () => {
    expect(consoleOperation('POST', ['payins', 'order-1'])).toBeUndefined();
    expect(consoleOperation('DELETE', ['payins'])).toBeUndefined();
    expect(consoleOperation('GET', ['payins', '!cancel'])).toBeUndefined();
    expect(consoleOperation('GET', ['payins', '..'])).toBeUndefined();
    expect(consoleOperation('GET', ['payins', 'a/b'])).toBeUndefined();
    expect(consoleOperation('GET', ['sandbox', 'institution', 'x'])).toBeUndefined();
    expect(consoleOperation('GET', ['payins', 'x', 'accounts', 'more'])).toBeUndefined();
  });
});
