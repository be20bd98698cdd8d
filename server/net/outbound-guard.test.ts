import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostAllowlist } from './allowlist';
import { postGuarded, type GuardedPostRequest } from './guarded-post';
import { OutboundGuard, type Resolver } from './outbound-guard';

/** A fake DNS: these names resolve to these addresses, every other name fails. */
const fakeDns: Resolver = (hostname) => {
  const table: Record<string, string[]> = {
    'public.test': ['93.184.216.34'],
    'rebind.test': ['93.184.216.34', '127.0.0.1'],
    'metadata.test': ['169.254.169.254'],
    'mapped.test': ['::ffff:127.0.0.1'],
    'private6.test': ['fd00::5'],
    'office.test': ['10.1.2.3'],
    'loop.test': ['127.0.0.1'],
  };
  const addresses = table[hostname];
  if (!addresses)
    return Promise.reject(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};

function lookupOnce(guard: OutboundGuard, hostname: string, all = true) {
  return new Promise<{ error: Error | null; result: unknown }>((resolve) => {
    guard.lookup(hostname, { all }, (error, address, family) =>
      resolve({ error, result: all ? address : { address, family } }),
    );
  });
}

describe('OutboundGuard', () => {
  const guard = new OutboundGuard({
    allowlist: new HostAllowlist(['10.1.0.0/16', 'loop.test']),
    allowInsecureUrls: false,
    resolve: fakeDns,
  });

  it('refuses schemes other than http(s), credentials and plain http to hosts not allowlisted', () => {
    expect(guard.checkUrl(new URL('ftp://public.test/x'))).toMatch(/scheme/);
    expect(guard.checkUrl(new URL('file:///etc/passwd'))).toMatch(/scheme/);
    expect(guard.checkUrl(new URL('https://user:pw@public.test/'))).toMatch(/credentials/);
    expect(guard.checkUrl(new URL('http://public.test/'))).toMatch(/plain http/);
    expect(guard.checkUrl(new URL('http://loop.test/'))).toBeUndefined();
    expect(guard.checkUrl(new URL('https://public.test/'))).toBeUndefined();
  });

  it('refuses literal forbidden addresses, in every spelling the URL parser normalises', () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '[::ffff:127.0.0.1]',
      '[::1]',
      '169.254.169.254',
    ]) {
      expect(guard.checkUrl(new URL(`https://${host}/`)), host).toMatch(/loopback|metadata|link-local/);
    }
    expect(guard.checkUrl(new URL('https://api.localhost/'))).toMatch(/localhost/);
    expect(guard.checkUrl(new URL('https://10.1.9.9/'))).toBeUndefined();
    expect(guard.checkUrl(new URL('https://8.8.8.8/'))).toBeUndefined();
  });

  it('resolves once and fails the lookup when any address is forbidden', async () => {
    expect(await lookupOnce(guard, 'public.test')).toEqual({
      error: null,
      result: [{ address: '93.184.216.34', family: 4 }],
    });
    expect(await lookupOnce(guard, 'public.test', false)).toEqual({
      error: null,
      result: { address: '93.184.216.34', family: 4 },
    });
    for (const host of ['rebind.test', 'metadata.test', 'mapped.test', 'private6.test']) {
      const { error } = await lookupOnce(guard, host);
      expect(error?.message, host).toMatch(/^blocked by the SSRF guard: .* resolves to /);
    }
  });

  it('lets allowlisted names and ranges through, in IPv4-mapped form too', async () => {
    expect(guard.refusal('office.test', '::ffff:10.1.2.3')).toBeUndefined();
    expect(guard.refusal('elsewhere.test', '::ffff:10.2.0.1')).toMatch(
      /IPv4-mapped form of 10.2.0.1 is private/,
    );
    expect((await lookupOnce(guard, 'office.test')).error).toBeNull();
    expect((await lookupOnce(guard, 'loop.test')).error).toBeNull();
  });

  it('passes resolver failures on', async () => {
    expect((await lookupOnce(guard, 'nowhere.test')).error?.message).toMatch(/ENOTFOUND/);
  });
});

describe('postGuarded against a real local listener', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') response.writeHead(302, { location: '/landing' }).end();
      else if (request.url === '/slow') setTimeout(() => response.end('late'), 2_000).unref();
      else if (request.url === '/big') response.end('x'.repeat(10_000));
      else response.writeHead(201).end('created');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (guard: OutboundGuard, path: string, overrides: Partial<GuardedPostRequest> = {}) =>
    postGuarded(guard, {
      url: `http://127.0.0.1:${port}${path}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 1_500,
      excerptBytes: 1024,
      ...overrides,
    });
  const allowed = new OutboundGuard({
    allowlist: new HostAllowlist(['127.0.0.1']),
    allowInsecureUrls: false,
  });

  it('delivers to an allowlisted listener, keeps at most the excerpt, and never follows redirects', async () => {
    expect(await post(allowed, '/ok')).toMatchObject({ kind: 'response', status: 201, excerpt: 'created' });
    const big = await post(allowed, '/big');
    expect(big.kind === 'response' && big.excerpt.length).toBe(1024);
    const redirect = await post(allowed, '/redirect');
    expect(redirect).toMatchObject({ kind: 'response', status: 302, headers: { location: '/landing' } });
    expect(hits).not.toContain('/landing');
  });

  it('times out an attempt as a whole', async () => {
    expect(await post(allowed, '/slow', { timeoutMs: 300 })).toMatchObject({ kind: 'error', timedOut: true });
  });

  it('resolves names through the guard on http and https alike (no second, unchecked lookup)', async () => {
    const before = hits.length;
    const guard = new OutboundGuard({
      allowlist: new HostAllowlist([]),
      allowInsecureUrls: true,
      resolve: fakeDns,
    });
    for (const url of [`http://loop.test:${port}/d`, `https://loop.test:${port}/e`]) {
      const result = await post(guard, '', { url });
      expect(result, url).toMatchObject({ kind: 'error', blocked: true });
      expect(result.kind === 'error' && result.message, url).toMatch(
        /loop\.test resolves to 127\.0\.0\.1 is loopback/,
      );
    }
    const allowlisted = new OutboundGuard({
      allowlist: new HostAllowlist(['loop.test']),
      allowInsecureUrls: false,
      resolve: fakeDns,
    });
    expect(await post(allowlisted, '', { url: `http://loop.test:${port}/f` })).toMatchObject({
      kind: 'response',
      status: 201,
    });
    expect(hits.slice(before)).toEqual(['/f']);
  });

  it('never connects when the address is not allowlisted, by literal or by name', async () => {
    const before = hits.length;
    const closed = new OutboundGuard({ allowlist: new HostAllowlist([]), allowInsecureUrls: true });
    for (const url of [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://[::ffff:127.0.0.1]:${port}/c`,
    ]) {
      expect(await post(closed, '', { url }), url).toMatchObject({ kind: 'error', blocked: true });
    }
    expect(hits.length).toBe(before);
  });
});
