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
