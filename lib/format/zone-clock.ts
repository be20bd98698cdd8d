import { utcDay } from '../api/export-kinds';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Offsets are read once per quarter hour of UTC: zones change their offset on quarter hours. */
const QUARTER = 15 * MINUTE;
/** Quarter hours remembered: a year's worth is 35,000; memory stays bounded whatever is exported. */
const MAX_QUARTERS = 4096;

/**
 * Instants and days as a time zone has them (docs/decisions/045): an export writes its times in the
 * merchant's zone, and its days, the settlement report's included, run from that zone's midnight;
 * the console reads a time typed for the merchant in that zone (payment links' expiry). The
 * runtime's time zone data (Intl) is the one source: the database only compares instants.
 */
export class ZoneClock {
  readonly timeZone: string;
  private readonly parts: Intl.DateTimeFormat;
  /** Offsets by quarter hour: an export's rows name a few times each (created, paid, expiring). */
  private readonly offsets = new Map<number, number>();

  constructor(timeZone: string) {
    this.timeZone = timeZone;
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** The zone's offset from UTC at the instant, in milliseconds. */
  offsetAt(ms: number): number {
    const quarter = Math.floor(ms / QUARTER);
    const known = this.offsets.get(quarter);
    if (known !== undefined) return known;
    const start = quarter * QUARTER;
    const offset = this.readOffset(start);
    // A quarter hour whose two ends agree has one offset throughout; else read the instant itself.
    if (this.readOffset(start + QUARTER - 1000) !== offset) return this.readOffset(ms);
    if (this.offsets.size >= MAX_QUARTERS) this.offsets.clear();
    this.offsets.set(quarter, offset);
    return offset;
  }

  /** The instant as the zone's wall clock reads it, with the offset: "2026-03-01T14:05:09+07:00". */
  format(at: Date): string {
    const ms = Math.floor(at.getTime() / 1000) * 1000;
    const offset = this.offsetAt(ms);
    const local = new Date(ms + offset).toISOString().slice(0, 19);
    const minutes = Math.abs(offset / MINUTE);
    const sign = offset < 0 ? '-' : '+';
    return `${local}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }

  /** The zone's calendar day of the instant: "2026-03-01". */
  dateOf(at: Date): string {
    return new Date(at.getTime() + this.offsetAt(at.getTime())).toISOString().slice(0, 10);
  }

  /**
   * The first instant of a calendar day in the zone: its midnight, or where a clock change skips
   * midnight, the first minute the day has.
   */
  startOf(date: string): Date {
    const utcMidnight = utcDay(date);
    const isStart = (ms: number) =>
      this.dateOf(new Date(ms)) === date && this.dateOf(new Date(ms - MINUTE)) < date;
    // Midnight on the wall clock, at the offset the zone has then: the day's start on most days.
    const guess = utcMidnight - this.offsetAt(utcMidnight - this.offsetAt(utcMidnight));
    if (isStart(guess)) return new Date(guess);
    // A clock change took midnight away: the day starts within 15 hours of UTC midnight either
    // way; find its first minute.
    let low = utcMidnight - 15 * 60 * MINUTE;
    let high = utcMidnight + 15 * 60 * MINUTE;
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
      if (this.dateOf(new Date(middle)) >= date) high = middle;
      else low = middle;
    }
    return new Date(high);
  }

  private readOffset(ms: number): number {
    const part = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
    for (const { type, value } of this.parts.formatToParts(ms))
      if (type in part) part[type as keyof typeof part] = Number(value);
    const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
    return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / MINUTE) * MINUTE;
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar date `days` after `date` (both "YYYY-MM-DD"). */
export function addDays(date: string, days: number): string {
  return new Date(utcDay(date) + days * DAY).toISOString().slice(0, 10);
}
