import { CURRENCIES, type CurrencyCode } from '../money/currencies';

/** Tokens Intl does not know as currencies are written after the number. */
const NON_ISO: ReadonlySet<CurrencyCode> = new Set(['USDT', 'USDC']);

/**
 * Formats an API amount for a locale with the currency's precision, e.g. "฿1,500.50" (th) or
 * "150.000 ₫" (vi); stablecoins with only the decimals needed ("25.50 USDT", "12.345678 USDT").
 * The amount is passed to Intl as decimal text, so it is never rounded by a float.
 */
export function formatMoney(locale: string, amount: number | string, currency: CurrencyCode): string {
  const { decimals } = CURRENCIES[currency];
  const text = typeof amount === 'number' ? String(amount) : amount;
  // Stablecoins carry six decimals on chain; show only the ones the amount needs (at least two).
  const minimum = NON_ISO.has(currency) ? Math.min(2, decimals) : decimals;
  const digits = { minimumFractionDigits: minimum, maximumFractionDigits: decimals };
  if (NON_ISO.has(currency)) {
    return `${new Intl.NumberFormat(locale, digits).format(text as unknown as number)} ${currency}`;
  }
  return new Intl.NumberFormat(locale, { style: 'currency', currency, ...digits }).format(
    text as unknown as number,
  );
}

/** The market's time zone for a currency: customers pay in their own country. */
const TIME_ZONES: Record<CurrencyCode, string> = {
  CNY: 'Asia/Shanghai',
  GHS: 'Africa/Accra',
  IDR: 'Asia/Jakarta',
  INR: 'Asia/Kolkata',
  JPY: 'Asia/Tokyo',
  KES: 'Africa/Nairobi',
  KRW: 'Asia/Seoul',
  LAK: 'Asia/Vientiane',
  MYR: 'Asia/Kuala_Lumpur',
  NGN: 'Africa/Lagos',
  PHP: 'Asia/Manila',
  THB: 'Asia/Bangkok',
  USDC: 'UTC',
  USDT: 'UTC',
  VND: 'Asia/Ho_Chi_Minh',
  ZAR: 'Africa/Johannesburg',
};

/** A date and time for a locale, in the time zone of the payment's market. */
export function formatDateTime(locale: string, iso: string, currency: CurrencyCode): string {
  // dateStyle cannot be combined with timeZoneName, so the fields are spelled out.
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONES[currency],
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** "4 minutes, 59 seconds" style remaining time, per locale (Intl unit and list formats). */
export function formatRemaining(locale: string, totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts =
    hours > 0
      ? [unit(hours, 'hour'), unit(minutes, 'minute')]
      : [unit(minutes, 'minute'), unit(rest, 'second')];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}

/**
 * The amount as a customer types it into a banking or wallet app: digits and a decimal point, the
 * currency's precision, no grouping or symbol ("1500.50", "150000", "25.5").
 */
export function plainAmount(amount: number | string, currency: CurrencyCode): string {
  const { decimals } = CURRENCIES[currency];
  const minimum = NON_ISO.has(currency) ? 0 : decimals;
  return new Intl.NumberFormat('en-US', {
    useGrouping: false,
    minimumFractionDigits: minimum,
    maximumFractionDigits: decimals,
  }).format((typeof amount === 'number' ? String(amount) : amount) as unknown as number);
}
