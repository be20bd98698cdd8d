import { describe, expect, it } from 'vitest';
import { consoleDownload, consoleOperation } from './operations';

describe('consoleOperation', () => {
  it('lets reads through for every role and names the permission of everything else', () => {
    expect(consoleOperation('GET', ['payins'])).toEqual({
      method: 'GET',
      path: '/payins',
      permission: 'payments.read',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleOperation('POST', ['payins', 'order:1', '!cancel'])).toMatchObject({
      path: '/payins/order%3A1/!cancel',
      permission: 'payments.manage',
    });
    expect(consoleOperation('POST', ['auth-tokens'])).toMatchObject({
      permission: 'tokens.mint',
      credentials: true,
    });
    expect(consoleOperation('POST', ['payins', '!availablePaymentOptions'])).toMatchObject({
      permission: 'payments.read',
    });
    expect(consoleOperation('GET', ['callbacks', 'signing-secret'])).toMatchObject({
      permission: 'callbacks.manage',
    });
    expect(consoleOperation('POST', ['sandbox', 'payins', 'o-1', '!simulate'])).toMatchObject({
      permission: 'sandbox.simulate',
      sandbox: true,
    });
  });

  it('reads an account’s statement mapping for every role and saves it for those who import statements', () => {
    expect(
      consoleOperation('GET', ['collection', 'accounts', 'kbank-thb', 'statement-mapping']),
    ).toMatchObject({
      method: 'GET',
      path: '/collection/accounts/kbank-thb/statement-mapping',
      permission: 'payments.read',
    });
    expect(
      consoleOperation('PUT', ['collection', 'accounts', 'kbank-thb', 'statement-mapping']),
    ).toMatchObject({
      method: 'PUT',
      permission: 'collection.resolve',
      body: 'json',
    });
    expect(consoleOperation('PUT', ['collection', 'accounts', '../x', 'statement-mapping'])).toBeUndefined();
    expect(
      consoleOperation('POST', ['collection', 'accounts', 'kbank-thb', 'statement-mapping']),
    ).toBeUndefined();
  });

  it('manages API keys and reads the audit log by permission; key ids must be ours', () => {
    expect(consoleOperation('GET', ['api-keys'])).toMatchObject({ permission: 'keys.manage' });
    expect(consoleOperation('DELETE', ['api-keys', 'key_0123456789abcdef01234567'])).toMatchObject({
      method: 'DELETE',
      permission: 'keys.manage',
    });
    expect(consoleOperation('DELETE', ['api-keys', '..'])).toBeUndefined();
    expect(consoleOperation('GET', ['audit-events'])).toMatchObject({ permission: 'audit.read' });
  });

  it('lets balances, the ledger and payouts be read by everyone; creating and simulating payouts need their permission', () => {
    for (const segments of [['balances'], ['balance-transactions'], ['payouts'], ['payouts', 'po-1']])
      expect(consoleOperation('GET', segments)).toMatchObject({
        permission: 'payments.read',
        credentials: false,
      });
    expect(consoleOperation('POST', ['payouts', '!availablePaymentOptions'])).toEqual({
      method: 'POST',
      path: '/payouts/!availablePaymentOptions',
      permission: 'payments.read',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleOperation('POST', ['payouts', 'po:1'])).toEqual({
      method: 'POST',
      path: '/payouts/po%3A1',
      permission: 'payouts.create',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleOperation('POST', ['sandbox', 'payouts', 'po-1', '!simulate'])).toMatchObject({
      path: '/sandbox/payouts/po-1/!simulate',
      sandbox: true,
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

  it('lets every merchant reconcile: every role reads, the roles that move money link, refund and import', () => {
    for (const segments of [
      ['collection', 'accounts'],
      ['collection', 'transactions'],
      ['collection', 'transactions', '42'],
    ])
      expect(consoleOperation('GET', segments)).toMatchObject({
        permission: 'payments.read',
        credentials: false,
        body: 'json',
      });
    expect(consoleOperation('POST', ['collection', 'transactions', '42', '!link'])).toEqual({
      method: 'POST',
      path: '/collection/transactions/42/!link',
      permission: 'collection.resolve',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleOperation('POST', ['collection', 'transactions', '7', '!refund'])).toMatchObject({
      permission: 'collection.resolve',
      body: 'json',
    });
  });

  it('forwards only the statement import as raw text', () => {
    expect(consoleOperation('POST', ['collection', 'statements'])).toEqual({
      method: 'POST',
      path: '/collection/statements',
      permission: 'collection.resolve',
      sandbox: false,
      credentials: false,
      body: 'text',
    });
    expect(consoleOperation('GET', ['collection', 'statements'])).toBeUndefined();
  });

  it('refuses collection calls the console does not make, and ids that are not ours', () => {
    expect(consoleOperation('POST', ['collection', 'transactions'])).toBeUndefined();
    expect(consoleOperation('POST', ['collection', 'transactions', '42'])).toBeUndefined();
    expect(consoleOperation('GET', ['collection', 'transactions', '42', '!link'])).toBeUndefined();
    for (const id of ['0', '01', 'order-1', '..', '!link', '12345678901234567890', '-1'])
      expect(consoleOperation('GET', ['collection', 'transactions', id])).toBeUndefined();
    expect(consoleOperation('POST', ['collection', 'transactions', 'x', '!refund'])).toBeUndefined();
    expect(consoleOperation('POST', ['collection', 'transactions', '42', '!cancel'])).toBeUndefined();
    expect(consoleOperation('GET', ['collection', 'accounts', 'kbank'])).toBeUndefined();
  });
});

describe('payout batches', () => {
  const idBatch = 'pb_0123456789abcdef01234567';

  it('are read by every role; cutting and cancelling one need the permission to send payouts', () => {
    for (const segments of [['payout-batches'], ['payout-batches', idBatch]])
      expect(consoleOperation('GET', segments)).toEqual({
        method: 'GET',
        path: `/${segments.join('/')}`,
        permission: 'payments.read',
        sandbox: false,
        credentials: false,
        body: 'json',
      });
    expect(consoleOperation('POST', ['payout-batches'])).toMatchObject({
      path: '/payout-batches',
      permission: 'payouts.create',
      sandbox: false,
    });
    expect(consoleOperation('POST', ['payout-batches', idBatch, '!cancel'])).toMatchObject({
      path: `/payout-batches/${idBatch}/!cancel`,
      permission: 'payouts.create',
    });
  });

  it('hand their file to the browser by its own route, never through the JSON proxy', () => {
    expect(consoleOperation('GET', ['payout-batches', idBatch, 'pain.001'])).toBeUndefined();
    expect(consoleDownload(['payout-batches', idBatch, 'pain.001'])).toEqual({
      method: 'GET',
      path: `/payout-batches/${idBatch}/pain.001`,
      permission: 'payouts.create',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleDownload(['payout-batches', idBatch])).toBeUndefined();
    expect(consoleDownload(['payins', 'order-1'])).toBeUndefined();
  });

  it('take only our batch ids, and refuse what the console does not do', () => {
    for (const id of ['pb_1', 'PB_0123456789ABCDEF01234567', '..', '!cancel', `${idBatch}x`, 'order-1']) {
      expect(consoleOperation('GET', ['payout-batches', id]), id).toBeUndefined();
      expect(consoleOperation('POST', ['payout-batches', id, '!cancel']), id).toBeUndefined();
      expect(consoleDownload(['payout-batches', id, 'pain.001']), id).toBeUndefined();
    }
    expect(consoleOperation('POST', ['payout-batches', idBatch])).toBeUndefined();
    expect(consoleOperation('DELETE', ['payout-batches', idBatch])).toBeUndefined();
    expect(consoleOperation('GET', ['payout-batches', idBatch, '!cancel'])).toBeUndefined();
    expect(consoleDownload(['payout-batches', idBatch, 'pain.002'])).toBeUndefined();
  });
});

describe('payment links', () => {
  it('are read by every role; creating and turning one off need links.manage', () => {
    for (const segments of [['payment-links'], ['payment-links', 'spring-sale']])
      expect(consoleOperation('GET', segments)).toEqual({
        method: 'GET',
        path: `/${segments.join('/')}`,
        permission: 'payments.read',
        sandbox: false,
        credentials: false,
        body: 'json',
      });
    expect(consoleOperation('POST', ['payment-links', 'a:b+c'])).toMatchObject({
      path: '/payment-links/a%3Ab%2Bc',
      permission: 'links.manage',
    });
    expect(consoleOperation('POST', ['payment-links', 'spring-sale', '!deactivate'])).toMatchObject({
      path: '/payment-links/spring-sale/!deactivate',
      permission: 'links.manage',
    });
  });

  it('take only link ids, and refuse what the console does not do', () => {
    for (const id of ['..', '!deactivate', 'a/b', 'x'.repeat(49), ''])
      expect(consoleOperation('POST', ['payment-links', id]), id).toBeUndefined();
    expect(consoleOperation('POST', ['payment-links'])).toBeUndefined();
    expect(consoleOperation('DELETE', ['payment-links', 'spring-sale'])).toBeUndefined();
    expect(consoleOperation('GET', ['payment-links', 'spring-sale', '!deactivate'])).toBeUndefined();
  });
});

describe('exports', () => {
  it('are downloads of their own (never the JSON proxy), for the roles that keep the books', () => {
    expect(consoleOperation('GET', ['exports', 'payins'])).toBeUndefined();
    expect(consoleDownload(['exports', 'settlement-report'])).toEqual({
      method: 'GET',
      path: '/exports/settlement-report',
      permission: 'exports.read',
      sandbox: false,
      credentials: false,
      body: 'json',
    });
    expect(consoleDownload(['exports', 'collection-transactions'])).toMatchObject({
      path: '/exports/collection-transactions',
    });
    expect(consoleDownload(['exports', 'merchants'])).toBeUndefined();
    expect(consoleDownload(['exports'])).toBeUndefined();
  });
});
