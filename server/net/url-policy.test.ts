import { describe, expect, it } from 'vitest';
import { HostAllowlist } from '../net/allowlist';
import { UrlPolicy } from './url-policy';

describe('UrlPolicy', () => {
  const policy = new UrlPolicy(false, new HostAllowlist([]), () => false, 'http://localhost:3000');

  it("accepts a returnUrl on this service's own origin, even over http", () => {
    expect(policy.check('returnUrl', 'http://localhost:3000/console/payments/order-1')).toBeUndefined();
  });

  it('still wants https for any other return address, and never opens callbacks to this machine', () => {
    expect(policy.check('returnUrl', 'http://localhost:3001/thanks')).toMatchObject({ field: 'returnUrl' });
    expect(policy.check('returnUrl', 'http://shop.example/thanks')).toMatchObject({ field: 'returnUrl' });
    expect(policy.check('callbackUrl', 'http://localhost:3000/hook')).toMatchObject({ field: 'callbackUrl' });
    expect(policy.check('returnUrl', 'https://shop.example/thanks')).toBeUndefined();
  });
});
