import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './console-api';

describe('retryDelayMs', () => {
  it('waits what Retry-After says, within 0.2–2 s, and a second when it says nothing usable', () => {
    expect(retryDelayMs('1')).toBe(1000);
    expect(retryDelayMs('0')).toBe(200);
    expect(retryDelayMs('30')).toBe(2000);
    expect(retryDelayMs(undefined)).toBe(1000);
    expect(retryDelayMs('soon')).toBe(1000);
  });
});
