import 'server-only';
import type { CurrencyCode } from '@/lib/money';

/**
 * The time a currency's country books and shows in: the UTC offset of its banks (a statement date
 * without one, a SePay timestamp) and, where customers read it, the zone's abbreviation (a virtual
 * account's deadline). Countries with several zones take the capital's (Indonesia: WIB); stablecoins
 * have no country and keep UTC.
 */
const HOME_TIME: Record<CurrencyCode, { offset: string; abbreviation?: string }> = {
  CNY: { offset: '+08:00' },
  GHS: { offset: '+00:00' },
  IDR: { offset: '+07:00', abbreviation: 'WIB' },
  INR: { offset: '+05:30' },
  JPY: { offset: '+09:00' },
  KES: { offset: '+03:00' },
  KRW: { offset: '+09:00', abbreviation: 'KST' },
  LAK: { offset: '+07:00' },
  MYR: { offset: '+08:00' },
  NGN: { offset: '+01:00' },
  PHP: { offset: '+08:00' },
  THB: { offset: '+07:00' },
  USDC: { offset: '+00:00' },
  USDT: { offset: '+00:00' },
  VND: { offset: '+07:00' },
  ZAR: { offset: '+02:00' },
};

/** The UTC offset ("+07:00") banks of the currency's country book in. */
export function homeOffset(currency: CurrencyCode): string {
  return HOME_TIME[currency].offset;
}

/**
 * A moment as the currency's customers read it, to the minute: "2030-01-15 17:00 WIB"; in UTC where
 * the zone has no abbreviation customers know.
 */
export function localDateTime(at: Date, currency: CurrencyCode): string {
  const { offset, abbreviation } = HOME_TIME[currency];
  const [hours, minutes] = offset.slice(1).split(':').map(Number) as [number, number];
  const offsetMs =
    abbreviation === undefined ? 0 : (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
  const local = new Date(at.getTime() + offsetMs);
  return `${local.toISOString().slice(0, 16).replace('T', ' ')} ${abbreviation ?? 'UTC'}`;
}
