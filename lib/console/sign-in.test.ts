import { describe, expect, it } from 'vitest';
import { afterSignIn } from './sign-in';

describe('afterSignIn', () => {
  it.each([
    ['/console/payments/order-1', '/console/payments/order-1'],
    ['/console/scenarios?amount=10&currencyCode=THB', '/console/scenarios?amount=10&currencyCode=THB'],
    [undefined, '/console/payments'],
    ['//evil.example/console', '/console/payments'],
    ['https://evil.example/console', '/console/payments'],
    ['/console/../pay', '/console/payments'],
    ['/console\\evil', '/console/payments'],
    ['/consoleevil', '/console/payments'],
    ['/console/bff/sign-out', '/console/payments'],
  ])('%s → %s', (next, target) => expect(afterSignIn(next)).toBe(target));
});
