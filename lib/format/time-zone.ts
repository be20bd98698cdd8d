// IANA time zones, as a merchant's setting names them (docs/decisions/035).

/** Whether the runtime knows this IANA time zone ("Asia/Bangkok"); "UTC" always. */
export function isTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zones a merchant may choose, UTC first (every IANA zone the runtime knows). */
export function timeZoneChoices(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}
