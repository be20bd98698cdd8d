import { describe, expect, it } from 'vitest';
import { HostAllowlist } from './allowlist';

describe('HostAllowlist', () => {
  const allowlist = new HostAllowlist(['localhost', '127.0.0.1', '10.1.0.0/16', '[::1]', 'Hooks.Example.']);

  it('matches hostnames case-insensitively and literal addresses by range', () => {
    expect(allowlist.allowsHost('LOCALHOST')).toBe(true);
    expect(allowlist.allowsHost('127.0.0.1')).toBe(true);
    expect(allowlist.allowsHost('10.1.200.3')).toBe(true);
    expect(allowlist.allowsHost('[::1]')).toBe(true);
    expect(allowlist.allowsHost('10.2.0.1')).toBe(false);
    expect(allowlist.allowsHost('127.0.0.2')).toBe(false);
    expect(allowlist.allowsHost('example.com')).toBe(false);
    expect(allowlist.allowsAddress('10.1.0.9')).toBe(true);
  });

  it('refuses malformed ranges at start', () => {
    expect(() => new HostAllowlist(['10.0.0.0/40'])).toThrow(/prefix/);
    expect(() => new HostAllowlist(['example.com/8'])).toThrow(/CIDR/);
  });
});
