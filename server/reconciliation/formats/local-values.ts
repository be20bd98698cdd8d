import type { DateFormat, DecimalSeparator, Era } from '@/lib/statements';
import { clip, parseBookedAt, parseUtcOffset, type DateParse } from './record-checks';

/**
 * Dates and amounts as bank exports of our markets write them (docs/decisions/040): day first,
 * Buddhist Era years, two-digit years, English month names, times in their own column; thousands
 * grouped with "," or "." (or spaces), signs before, after or as parentheses. What a format cannot
 * tell apart is refused with the line and column, never guessed.
 */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthNamed(word: string): number | undefined {
  const name = word.toLowerCase().replace(/\.$/, '');
  if (name.length < 3) return undefined;
  const index = MONTHS.findIndex(
    (month) => month === name || month.slice(0, 3) === name || (name === 'sept' && month === 'september'),
  );
  return index === -1 ? undefined : index + 1;
}

/** A time at the end of a date's text, or the whole of a time column: 09:15, 9.15:02, 10:15 PM, 09:15 น. */
const TIME = String.raw`(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*(am|pm|น\.?)?`;
const TIME_AT_END = new RegExp(String.raw`(?:^|[\sT])${TIME}$`, 'i');
const TIME_ONLY = new RegExp(`^${TIME}$`, 'i');

const EXAMPLES: Record<DateFormat, string> = {
  'YYYY-MM-DD': '2026-11-24',
  'DD/MM/YYYY': '24/11/2026',
  'MM/DD/YYYY': '11/24/2026',
};

/** The first and last CE year a statement's date may have: outside, the format or era is wrong. */
const PLAUSIBLE_YEARS = [2000, 2100] as const;

function yearOf(text: string, era: Era): number {
  const year = Number(text);
  if (text.length === 4) return era === 'BE' || (era === 'auto' && year >= 2400) ? year - 543 : year;
  return era === 'BE' || (era === 'auto' && year >= 50) ? 2500 + year - 543 : 2000 + year;
}

function timeOf(match: RegExpExecArray): { h: number; mi: number; s: number } | undefined {
  const [, hh = '', mm = '', ss = '0', meridiem = ''] = match;
  let h = Number(hh);
  const mi = Number(mm);
  const s = Number(ss);
  const half = meridiem.toLowerCase();
  if (half === 'am' || half === 'pm') {
    if (h < 1 || h > 12) return undefined;
    h = (h % 12) + (half === 'pm' ? 12 : 0);
  }
  return h > 23 || mi > 59 || s > 59 ? undefined : { h, mi, s };
}

/**
 * A booking date (and time) of a bank export: the date column in `format` and `era`, its time in
 * the same cell or in `timeText`; local time at `timeZone` (an offset such as +07:00). An ISO date
 * with its own offset is taken as it is.
 */
export function readLocalDate(
  dateText: string,
  timeText: string,
  options: { format: DateFormat; era: Era; timeZone: string | undefined },
): DateParse {
  const whole = timeText === '' ? dateText : `${dateText} ${timeText}`;
  const invalid = {
    ok: false,
    message: `"${clip(whole)}" is not a date written ${options.format} (e.g. ${EXAMPLES[options.format]}).`,
  } as const;
  if (options.format === 'YYYY-MM-DD' && options.era === 'CE') {
    const iso = parseBookedAt(whole, { timeZone: options.timeZone });
    if (iso.ok) return iso;
  }
  let rest = dateText.trim();
  let time = timeText === '' ? undefined : TIME_ONLY.exec(timeText.trim());
  if (timeText !== '' && !time)
    return { ok: false, message: `"${clip(timeText)}" is not a time such as 09:15 or 09:15:02.` };
  const inDate = TIME_AT_END.exec(rest);
  if (inDate) {
    rest = rest.slice(0, inDate.index).trim();
    time ??= inDate;
  }
  const tokens = rest.split(/[\s/.,-]+/).filter((token) => token !== '');
  if (tokens.length !== 3) return invalid;
  const named = tokens.findIndex((token) => /^[a-z]+\.?$/i.test(token));
  let day: string | undefined;
  let month: number | undefined;
  let year: string | undefined;
  if (named !== -1) {
    month = monthNamed(tokens[named]!);
    const numbers = tokens.filter((_, index) => index !== named);
    [day, year] = options.format === 'YYYY-MM-DD' ? [numbers[1], numbers[0]] : [numbers[0], numbers[1]];
  } else {
    const [a, b, c] = tokens;
    const order = { 'YYYY-MM-DD': [c, b, a], 'DD/MM/YYYY': [a, b, c], 'MM/DD/YYYY': [b, a, c] }[
      options.format
    ];
    [day, , year] = order;
    month = /^\d{1,2}$/.test(order[1] ?? '') ? Number(order[1]) : undefined;
  }
  if (month === undefined || !/^\d{1,2}$/.test(day ?? '') || !/^(?:\d{2}|\d{4})$/.test(year ?? ''))
    return invalid;
  const y = yearOf(year!, options.era);
  const d = Number(day);
  if (month < 1 || month > 12 || d < 1 || d > new Date(Date.UTC(y, month, 0)).getUTCDate()) return invalid;
  if (y < PLAUSIBLE_YEARS[0] || y > PLAUSIBLE_YEARS[1])
    return {
      ok: false,
      message:
        y > PLAUSIBLE_YEARS[1] && options.era === 'CE'
          ? `"${clip(whole)}" is in ${y}: a Buddhist Era year? Read it with era BE or auto.`
          : `"${clip(whole)}" is in ${y}, which no statement is: check the date format and era.`,
    };
  const clock = time ? timeOf(time) : { h: 0, mi: 0, s: 0 };
  if (!clock) return invalid;
  const offset = options.timeZone === undefined ? undefined : parseUtcOffset(options.timeZone);
  if (offset === undefined)
    return {
      ok: false,
      message: `"${clip(whole)}" has no UTC offset and no time zone was given for the statement.`,
    };
  return {
    ok: true,
    date: new Date(Date.UTC(y, month - 1, d, clock.h, clock.mi, clock.s) - offset * 60_000),
  };
}

/** An amount's sign, wherever the bank writes it: -1,234.50, +1,234.50, (1,234.50), 1,234.50- or 1,234.50+. */
export function splitSign(text: string): { negative: boolean; unsigned: string } {
  const trimmed = text.trim();
  if (/^\(.*\)$/.test(trimmed)) return { negative: true, unsigned: trimmed.slice(1, -1).trim() };
  const sign = /^([+-])\s*/.exec(trimmed) ?? /\s*([+-])$/.exec(trimmed);
  if (!sign) return { negative: false, unsigned: trimmed };
  const unsigned =
    sign.index === 0 ? trimmed.slice(sign[0].length) : trimmed.slice(0, trimmed.length - sign[0].length);
  return { negative: sign[1] === '-', unsigned };
}

const WRITTEN: Record<DecimalSeparator, string> = {
  '.': '1,234.50',
  ',': '1.234,50',
  none: '1.500.000 or 1,500,000',
};

/** The whole part's digits when it is digits, or digits grouped by threes with one of `groups`. */
function ungrouped(whole: string, groups: readonly string[]): string | undefined {
  if (/^\d+$/.test(whole)) return whole;
  const group = whole.replace(/\d/g, '')[0];
  if (group === undefined || !groups.includes(group)) return undefined;
  const escaped = group.replace(/[.]/, '\\.');
  return new RegExp(`^\\d{1,3}(?:${escaped}\\d{3})+$`).test(whole) ? whole.split(group).join('') : undefined;
}

/**
 * An unsigned amount written with `decimal` as its decimal separator, as a plain decimal string
 * ("1234.50"), or why it is not one. The currency's decimals are checked by the caller.
 */
export function readLocalNumber(
  text: string,
  decimal: DecimalSeparator,
): { ok: true; value: string } | { ok: false; message: string } {
  const spaced = text.replace(/[\u00a0\u202f]/g, ' ');
  const refused = {
    ok: false,
    message: `"${clip(text)}" is not an amount written as ${WRITTEN[decimal]}.`,
  } as const;
  let whole = spaced;
  let fraction = '';
  if (decimal === 'none') {
    const end = /^(.+?)([.,])(\d{1,2})$/.exec(spaced);
    if (end) {
      [, whole = '', , fraction = ''] = end;
      if (whole.includes(end[2]!)) return refused;
      if (!/^0+$/.test(fraction))
        return { ok: false, message: `"${clip(text)}" has a fraction: amounts of this export are whole.` };
    }
  } else {
    const at = spaced.lastIndexOf(decimal);
    if (at !== -1) {
      whole = spaced.slice(0, at);
      fraction = spaced.slice(at + 1);
      if (!/^\d+$/.test(fraction)) return refused;
    }
  }
  const groups = decimal === '.' ? [',', ' '] : decimal === ',' ? ['.', ' '] : ['.', ',', ' '];
  const digits = ungrouped(whole, groups);
  if (digits === undefined) return refused;
  return { ok: true, value: fraction === '' ? digits : `${digits}.${fraction}` };
}
