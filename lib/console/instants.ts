export { isTimeZone, timeZoneChoices } from '../format/time-zone';

/**
 * An instant as the console shows it: the language's own medium date and time (Thai "26 พ.ย. 2569
 * 10:42:09", not "10 นาฬิกา 42 นาที 09 วินาที"), in the merchant's time zone (a setting, UTC by
 * default), with the zone named after it in every language; the same on server and client.
 */
export function formatConsoleInstant(
  locale: string,
  iso: string | undefined | null,
  timeZone = 'UTC',
): string {
  if (!iso) return '—';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '—';
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    hourCycle: 'h23',
    timeZone,
  }).format(instant);
  return `${text} ${timeZone}`;
}
