import { describe, expect, it } from 'vitest';
import {
  derivePaymentScope,
  escapePattern,
  literalPath,
  operationsAllow,
  parseOperation,
  type CompiledOperation,
} from './operations';

function compile(...texts: string[]): CompiledOperation[] {
  return texts.map((text) => {
    const parsed = parseOperation(text);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.operation;
  });
}

describe('operation matching', () => {
  it('compares the method exactly and anchors the path at both ends', () => {
    const operations = compile('GET /payins/order-1');
    expect(operationsAllow(operations, 'GET', '/payins/order-1')).toBe(true);
    expect(operationsAllow(operations, 'get', '/payins/order-1')).toBe(false);
    expect(operationsAllow(operations, 'POST', '/payins/order-1')).toBe(false);
    expect(operationsAllow(operations, 'GET', '/payins/order-12')).toBe(false);
    expect(operationsAllow(operations, 'GET', '/x/payins/order-1')).toBe(false);
    expect(operationsAllow(operations, 'GET', '/payins/order-1/accounts')).toBe(false);
  });

  it('anchors alternations as a whole', () => {
    const operations = compile('GET /payins/a|/merchant-info');
    expect(operationsAllow(operations, 'GET', '/payins/a')).toBe(true);
    expect(operationsAllow(operations, 'GET', '/merchant-info')).toBe(true);
    expect(operationsAllow(operations, 'GET', '/payins/ab')).toBe(false);
    expect(operationsAllow(operations, 'GET', '/x/merchant-info')).toBe(false);
  });

  it('lets general patterns cover every payin', () => {
    const operations = compile('POST /payins/.*', 'GET /payins/[^/]+');
    expect(operationsAllow(operations, 'POST', '/payins/!availablePaymentOptions')).toBe(true);
    expect(operationsAllow(operations, 'GET', '/payins/x')).toBe(true);
    expect(operationsAllow(operations, 'GET', '/payins/x/accounts')).toBe(false);
  });
});

describe('operation parsing at issuance', () => {
  it.each([
    ['GET /payins/[^](a+)+', 'missing closing ]'],
    ['GET /payins/(a)\\1', 'backreferences'],
    ['GET /payins/(?<x>a)\\k<x>', 'backreferences'],
    ['GET /payins/(?=a).*', 'lookaround'],
    ['GET /payins/(', 'missing closing )'],
    ['GET /payins/a)|(.*', 'unexpected )'],
    ['GET /payins/[', 'missing closing ]'],
    ['GET /.{0,500}.{0,500}.{0,500}.{0,500}.{0,500}', 'too complex'],
    ['FETCH /payins/x', 'Unknown HTTP method'],
    ['GET', 'METHOD path'],
    ['GET  /payins/x', 'without spaces'],
    [`GET /${'a'.repeat(300)}`, 'longer than'],
  ])('refuses %s', (text, reason) => {
    const parsed = parseOperation(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it.each([
    'GET /payins/(a+)+',
    'GET /payins/(a|aa)*',
    'GET /payins/[a-z]+/accounts',
    'POST /payins/(order|refund)-[0-9]{1,10}',
    'GET /payins/\\d{3}',
  ])('accepts %s', (text) => expect(parseOperation(text).ok).toBe(true));
});

describe('payment scope', () => {
  it('is derived when every operation is a literal path of one payin', () => {
    expect(
      derivePaymentScope([
        'POST /payins/!availablePaymentOptions',
        'POST /payins/order\\.1',
        'GET /payins/order\\.1',
        'GET /merchant-info',
      ]),
    ).toBe('order.1');
    expect(
      derivePaymentScope(['GET /payins/a', 'GET /payins/a/accounts', 'POST /sandbox/payins/a/!simulate']),
    ).toBe('a');
  });

  it('is absent for general patterns, several payins or none', () => {
    expect(derivePaymentScope(['GET /payins/.*'])).toBeUndefined();
    expect(derivePaymentScope(['GET /payins/order.1'])).toBeUndefined();
    expect(derivePaymentScope(['GET /payins/a', 'GET /payins/b'])).toBeUndefined();
    expect(derivePaymentScope(['GET /merchant-info'])).toBeUndefined();
  });

  it('escapes and unescapes literal paths', () => {
    expect(literalPath(`/payins/${escapePattern('a.b:c~d-e_f')}`)).toBe('/payins/a.b:c~d-e_f');
    expect(literalPath('/payins/\\d')).toBeUndefined();
  });
});
