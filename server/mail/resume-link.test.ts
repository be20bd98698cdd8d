import { describe, expect, it } from 'vitest';
import { ResumeLinks } from './resume-link';

describe('e-mail resume links', () => {
  const links = new ResumeLinks(Buffer.alloc(32, 7));

  it('name the payin they were made for, in 32 URL-safe characters', () => {
    const key = links.make(123_456_789n);
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(links.read(key)).toBe(123_456_789n);
  });

  it('refuse a changed id, a changed MAC, another server’s key and malformed text', () => {
    const key = links.make(42n);
    const bytes = Buffer.from(key, 'base64url');
    const otherId = Buffer.from(bytes);
    otherId[7] = 43;
    expect(links.read(otherId.toString('base64url'))).toBeUndefined();
    const otherMac = Buffer.from(bytes);
    otherMac[20] = (otherMac[20] ?? 0) ^ 1;
    expect(links.read(otherMac.toString('base64url'))).toBeUndefined();
    expect(new ResumeLinks(Buffer.alloc(32, 8)).read(key)).toBeUndefined();
    for (const bad of ['', 'short', `${key}x`, `${key.slice(0, 31)}!`])
      expect(links.read(bad)).toBeUndefined();
  });
});
