import { describe, expect, it } from 'vitest';
import { daysBetween, utcDay } from '@/lib/api/export-kinds';
import { addDays, ZoneClock } from './zone-clock';

describe('ZoneClock', () => {
  it('writes instants on the zone’s wall clock with its offset, to the second', () => {
    const at = new Date('2026-03-01T07:05:09.987Z');
    expect(new ZoneClock('Asia/Bangkok').format(at)).toBe('2026-03-01T14:05:09+07:00');
    expect(new ZoneClock('UTC').format(at)).toBe('2026-03-01T07:05:09+00:00');
    expect(new ZoneClock('Asia/Kolkata').format(at)).toBe('2026-03-01T12:35:09+05:30');
    expect(new ZoneClock('Asia/Kathmandu').format(at)).toBe('2026-03-01T12:50:09+05:45');
    expect(new ZoneClock('America/Sao_Paulo').format(at)).toBe('2026-03-01T04:05:09-03:00');
  });

  it('follows daylight saving time on both sides of a change', () => {
    const london = new ZoneClock('Europe/London');
    // The clocks went forward at 01:00 UTC on 30 March 2025.
    expect(london.format(new Date('2025-03-30T00:59:59Z'))).toBe('2025-03-30T00:59:59+00:00');
    expect(london.format(new Date('2025-03-30T01:00:00Z'))).toBe('2025-03-30T02:00:00+01:00');
    // Read out of order, as a cache keyed on the last quarter hour must allow.
    expect(london.format(new Date('2026-01-10T12:00:00Z'))).toBe('2026-01-10T12:00:00+00:00');
    expect(london.format(new Date('2026-07-10T12:00:00Z'))).toBe('2026-07-10T13:00:00+01:00');
  });

  it('finds the first instant of a day, and of one whose midnight a clock change skips', () => {
    expect(new ZoneClock('Asia/Bangkok').startOf('2026-03-01').toISOString()).toBe(
      '2026-02-28T17:00:00.000Z',
    );
    expect(new ZoneClock('UTC').startOf('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new ZoneClock('Pacific/Kiritimati').startOf('2026-03-01').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(new ZoneClock('America/Los_Angeles').startOf('2026-07-04').toISOString()).toBe(
      '2026-07-04T07:00:00.000Z',
    );
    // Santiago moved its clocks forward at midnight on 3 September 2023: the day started at 01:00.
    expect(new ZoneClock('America/Santiago').startOf('2023-09-03').toISOString()).toBe(
      '2023-09-03T04:00:00.000Z',
    );
  });

  it('names the zone’s day of an instant', () => {
    const bangkok = new ZoneClock('Asia/Bangkok');
    expect(bangkok.dateOf(new Date('2026-02-28T16:59:59Z'))).toBe('2026-02-28');
    expect(bangkok.dateOf(new Date('2026-02-28T17:00:00Z'))).toBe('2026-03-01');
  });
});

describe('calendar dates', () => {
  it('refuse what is no date, and count days across months and leap years', () => {
    expect(utcDay('2026-02-29')).toBeNaN();
    expect(utcDay('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(utcDay('2026-13-01')).toBeNaN();
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(0);
  });
});
