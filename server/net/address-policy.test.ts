import { describe, expect, it } from 'vitest';
import { classifyAddress, isLoopbackName } from './address-policy';
import { embeddedIpv4, ipv6Words } from './ip-address';

/** [address, a word the refusal reason must contain] */
const FORBIDDEN: readonly [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.0.0.2', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['0.0.0.0', 'this network'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['169.254.169.254', 'metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.254', 'CGNAT'],
  ['100.100.100.200', 'CGNAT'],
  ['192.0.0.192', 'IETF protocol'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['192.88.99.1', '6to4 relay'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped form of 127.0.0.1 is loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped form of 127.0.0.1'],
  ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped'],
  ['::ffff:169.254.169.254', 'IPv4-mapped form of 169.254.169.254'],
  ['::ffff:a9fe:a9fe', 'metadata'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:0.0.0.0', 'this network'],
  ['::127.0.0.1', 'IPv4-compatible form'],
  ['::7f00:1', 'IPv4-compatible form'],
  ['::ffff:0:7f00:1', 'IPv4-translated form'],
  ['64:ff9b::7f00:1', 'NAT64 form'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 form'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 form of 127.0.0.1'],
  ['2002:c0a8:101::1', '6to4 form of 192.168.1.1'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fd00:ec2::254', 'unique-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['ff05::2', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'IETF protocol'],
  ['100::1', 'discard'],
  ['5f00::1', 'SRv6'],
  ['4000::1', 'outside global unicast'],
  ['::2', 'IPv4-compatible form of 0.0.0.2'],
  ['[::1]', 'loopback'],
  ['localhost', 'not an IP address'],
  ['', 'not an IP address'],
];

const PUBLIC: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.0',
  '169.253.255.255',
  '169.255.0.1',
  '172.15.255.255',
  '172.32.0.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:82b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('classifyAddress', () => {
  it.each(FORBIDDEN)('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) expect(verdict.reason).toContain(reason);
  });

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });

  it('covers at least 30 forbidden targets, IPv6 and mapped forms included', () => {
    expect(FORBIDDEN.length).toBeGreaterThanOrEqual(30);
    expect(FORBIDDEN.filter(([address]) => address.includes(':')).length).toBeGreaterThanOrEqual(15);
  });
});

describe('IPv6 parsing', () => {
  it('expands compressed forms and dotted tails to eight words', () => {
    expect(ipv6Words('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Words('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Words('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(ipv6Words('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Words('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Words('127.0.0.1')).toBeUndefined();
    expect(ipv6Words('1::2::3')).toBeUndefined();
  });

  it('finds IPv4 addresses embedded in IPv6 forms, and none in ordinary addresses', () => {
    expect(embeddedIpv4(ipv6Words('::ffff:7f00:1')!)).toEqual({ form: 'IPv4-mapped', ipv4: '127.0.0.1' });
    expect(embeddedIpv4(ipv6Words('64:ff9b::a00:1')!)).toEqual({ form: 'NAT64', ipv4: '10.0.0.1' });
    expect(embeddedIpv4(ipv6Words('2002:a9fe:a9fe::')!)).toEqual({ form: '6to4', ipv4: '169.254.169.254' });
    expect(embeddedIpv4(ipv6Words('::1')!)).toBeUndefined();
    expect(embeddedIpv4(ipv6Words('2606:4700::1')!)).toBeUndefined();
  });
});

describe('isLoopbackName', () => {
  it('knows localhost and its subdomains (RFC 6761), with or without the root dot', () => {
    expect(isLoopbackName('localhost')).toBe(true);
    expect(isLoopbackName('LOCALHOST.')).toBe(true);
    expect(isLoopbackName('api.localhost')).toBe(true);
    expect(isLoopbackName('localhost.example.com')).toBe(false);
    expect(isLoopbackName('mylocalhost')).toBe(false);
  });
});
