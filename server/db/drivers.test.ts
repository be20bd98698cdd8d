import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './drivers';

describe('parseTimestamptz', () => {
  const parse = parseTimestamptz(() => 'driver');

  it('reads what PostgreSQL sends with DateStyle ISO, offsets of every form', () => {
    expect((parse('2026-11-23 12:34:56.789012+00') as Date).toISOString()).toBe('2026-11-23T12:34:56.789Z');
    expect((parse('2026-11-23 12:34:56+05:30') as Date).toISOString()).toBe('2026-11-23T07:04:56.000Z');
    expect((parse('2026-11-23 12:34:56-03') as Date).toISOString()).toBe('2026-11-23T15:34:56.000Z');
    expect((parse('2026-01-02 03:04:05.1-09:30') as Date).toISOString()).toBe('2026-01-02T12:34:05.100Z');
  });

  it("leaves anything else to the driver's parser", () => {
    expect(parse('infinity')).toBe('driver');
    expect(parse('0044-03-15 12:00:00+00 BC')).toBe('driver');
  });
});
