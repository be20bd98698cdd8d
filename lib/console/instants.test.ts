import { describe, expect, it } from 'vitest';
import { formatConsoleInstant, isTimeZone, timeZoneChoices } from './instants';

const AT = '2026-11-26T17:42:09Z';

describe('formatConsoleInstant', () => {
  it('writes a short local date and 24-hour time in UTC, the zone named, in every console language', () => {
    expect(formatConsoleInstant('en', AT)).toBe('Nov 26, 2026, 17:42:09 UTC');
    expect(formatConsoleInstant('th', AT)).toBe('26 พ.ย. 2569 17:42:09 UTC');
    expect(formatConsoleInstant('vi', AT)).toBe('17:42:09 26 thg 11, 2026 UTC');
    expect(formatConsoleInstant('id', AT)).toBe('26 Nov 2026, 17.42.09 UTC');
    expect(formatConsoleInstant('zh-CN', AT)).toBe('2026年11月26日 17:42:09 UTC');
  });

  it('writes the time in the merchant’s zone, named', () => {
    expect(formatConsoleInstant('en', AT, 'Asia/Bangkok')).toBe('Nov 27, 2026, 00:42:09 Asia/Bangkok');
    expect(formatConsoleInstant('th', AT, 'Asia/Bangkok')).toBe('27 พ.ย. 2569 00:42:09 Asia/Bangkok');
    expect(formatConsoleInstant('id', AT, 'Asia/Jakarta')).toBe('27 Nov 2026, 00.42.09 Asia/Jakarta');
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const zone of ['Asia/Atlantis', '+07:00', 'asia', '', 'Asia/Bangkok/../x'])
      expect(isTimeZone(zone)).toBe(false);
    expect(timeZoneChoices()[0]).toBe('UTC');
    expect(timeZoneChoices()).toContain('Asia/Manila');
  });

  it('never spells the time out in words', () => {
    expect(formatConsoleInstant('th', AT)).not.toMatch(/นาฬิกา|นาที|วินาที/);
  });

  it('shows a dash for no instant, or one that cannot be read', () => {
    expect(formatConsoleInstant('en', undefined)).toBe('—');
    expect(formatConsoleInstant('en', null)).toBe('—');
    expect(formatConsoleInstant('en', 'not a time')).toBe('—');
  });
});
