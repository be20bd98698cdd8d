import { describe, expect, it } from 'vitest';
import { EndpointLimits } from './endpoint-limits';

const FAST = { ok: true, durationMs: 5 };
const limits = () => new EndpointLimits({ initial: 2, max: 6, slowMs: 1000 });

describe('EndpointLimits', () => {
  it('starts every endpoint at the initial limit', () => {
    expect(limits().limitOf('https://a.example')).toBe(2);
    expect(limits().limitOf(undefined)).toBe(2);
  });

  it('grows by one after a full window of fast successes, up to the maximum', () => {
    const l = limits();
    l.record('https://a.example', FAST);
    expect(l.limitOf('https://a.example')).toBe(2);
    l.record('https://a.example', FAST);
    expect(l.limitOf('https://a.example')).toBe(3);
    for (let i = 0; i < 3; i++) l.record('https://a.example', FAST);
    expect(l.limitOf('https://a.example')).toBe(4);
    for (let i = 0; i < 100; i++) l.record('https://a.example', FAST);
    expect(l.limitOf('https://a.example')).toBe(6);
    // Other endpoints are not affected.
    expect(l.limitOf('https://b.example')).toBe(2);
  });

  it('halves on an error or a slow answer, never below one', () => {
    const l = limits();
    for (let i = 0; i < 100; i++) l.record('https://a.example', FAST);
    l.record('https://a.example', { ok: false, durationMs: 3 });
    expect(l.limitOf('https://a.example')).toBe(3);
    l.record('https://a.example', { ok: true, durationMs: 1500 });
    expect(l.limitOf('https://a.example')).toBe(1);
    l.record('https://a.example', { ok: false, durationMs: 3000 });
    expect(l.limitOf('https://a.example')).toBe(1);
    // A failure resets the streak: growing again needs a full window.
    l.record('https://a.example', FAST);
    expect(l.limitOf('https://a.example')).toBe(2);
  });

  it('forgets an idle endpoint back at the initial limit, and remembers one that moved', () => {
    const l = limits();
    l.record('https://a.example', FAST);
    l.record('https://a.example', FAST);
    // Halved to 1, then grown back to 2 by one fast success: where it started.
    l.record('https://b.example', { ok: false, durationMs: 1 });
    l.record('https://b.example', FAST);
    l.idle('https://a.example');
    l.idle('https://b.example');
    expect([...l.known()]).toEqual(['https://a.example']);
    expect(l.limitOf('https://a.example')).toBe(3);
  });
});
