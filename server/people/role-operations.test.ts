import { describe, expect, it } from 'vitest';
import { ROLES } from '@/lib/console/roles';
import { MAX_OPERATIONS, parseOperation } from '../tokens';
import { operationsOfRole } from './role-operations';

function allows(role: (typeof ROLES)[number], method: string, path: string): boolean {
  return operationsOfRole(role).some((text) => {
    const parsed = parseOperation(text);
    if (!parsed.ok) throw new Error(`${text}: ${parsed.reason}`);
    return parsed.operation.method === method && parsed.operation.path.matches(path);
  });
}

describe('the operations of each role', () => {
  it('parse, and fit in one token', () => {
    for (const role of ROLES) {
      const operations = operationsOfRole(role);
      expect(operations.length, role).toBeLessThanOrEqual(MAX_OPERATIONS);
      for (const text of operations) expect(parseOperation(text).ok, text).toBe(true);
    }
  });

  it('let every role read payments, payouts, balances and callbacks', () => {
    for (const role of ROLES) {
      for (const path of [
        '/payins',
        '/payins/order-1',
        '/payouts/po-1',
        '/balances',
        '/callbacks',
        '/merchant-info',
      ])
        expect(allows(role, 'GET', path), `${role} GET ${path}`).toBe(true);
    }
  });

  it('give a viewer no write and no secret', () => {
    expect(allows('viewer', 'POST', '/payins/order-1/!cancel')).toBe(false);
    expect(allows('viewer', 'POST', '/payouts/po-1')).toBe(false);
    expect(allows('viewer', 'GET', '/callbacks/signing-secret')).toBe(false);
    expect(allows('viewer', 'GET', '/api-keys')).toBe(false);
    expect(allows('viewer', 'POST', '/payins/order-1')).toBe(false);
  });

  it('let finance move money but see no secret, and a developer the reverse', () => {
    expect(allows('finance', 'POST', '/payins/order-1/!cancel')).toBe(true);
    expect(allows('finance', 'POST', '/collection/transactions/42/!link')).toBe(true);
    expect(allows('finance', 'GET', '/callbacks/signing-secret')).toBe(false);
    expect(allows('developer', 'GET', '/callbacks/signing-secret')).toBe(true);
    expect(allows('developer', 'DELETE', '/api-keys/key_0123456789abcdef01234567')).toBe(true);
    expect(allows('developer', 'POST', '/payouts/po-1')).toBe(false);
  });

  it('let only owners, admins and finance take exports and the settlement report', () => {
    for (const role of ROLES)
      for (const kind of ['payins', 'ledger', 'settlement-report'])
        expect(allows(role, 'GET', `/exports/${kind}`), `${role} ${kind}`).toBe(
          ['owner', 'admin', 'finance'].includes(role),
        );
  });

  it('let every role read how statements are read, and only those who import them save a mapping', () => {
    const mapping = '/collection/accounts/kbank-thb/statement-mapping';
    for (const role of ROLES) {
      expect(allows(role, 'GET', mapping), role).toBe(true);
      expect(allows(role, 'GET', '/collection/statements/template.csv'), role).toBe(true);
    }
    for (const role of ['owner', 'admin', 'finance'] as const)
      expect(allows(role, 'PUT', mapping), role).toBe(true);
    for (const role of ['developer', 'viewer'] as const)
      expect(allows(role, 'PUT', mapping), role).toBe(false);
    expect(allows('owner', 'PUT', '/collection/accounts/a/b/statement-mapping')).toBe(false);
  });

  it('never create payins: that is the merchant server’s and its customers’ work', () => {
    for (const role of ROLES) expect(allows(role, 'POST', '/payins/order-1'), role).toBe(false);
  });

  it('let every role read payout batches, and only the roles that send payouts cut, cancel or download them', () => {
    const batch = '/payout-batches/pb_0123456789abcdef01234567';
    for (const role of ROLES) {
      expect(allows(role, 'GET', '/payout-batches'), role).toBe(true);
      expect(allows(role, 'GET', batch), role).toBe(true);
    }
    for (const role of ['owner', 'admin', 'finance'] as const) {
      expect(allows(role, 'POST', '/payout-batches'), role).toBe(true);
      expect(allows(role, 'POST', `${batch}/!cancel`), role).toBe(true);
      expect(allows(role, 'GET', `${batch}/pain.001`), role).toBe(true);
      expect(allows(role, 'POST', '/payouts/po-1'), role).toBe(true);
    }
    for (const role of ['developer', 'viewer'] as const) {
      expect(allows(role, 'POST', '/payout-batches'), role).toBe(false);
      expect(allows(role, 'POST', `${batch}/!cancel`), role).toBe(false);
      expect(allows(role, 'GET', `${batch}/pain.001`), role).toBe(false);
    }
    expect(allows('owner', 'GET', `${batch}/pain.002`)).toBe(false);
    expect(allows('owner', 'POST', `${batch}`)).toBe(false);
  });
});
