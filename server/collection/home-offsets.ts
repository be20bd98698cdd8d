import type { CurrencyCode } from '@/lib/money';

/**
 * The UTC offset banks of a currency's country book in, for statement dates without one (camt.053
 * files often give only BookgDt/Dt; CSV exports give local times). A date read in UTC would move a
 * late-evening Bangkok transfer to the next day. Countries with several zones take the capital's
 * (Indonesia: WIB); stablecoins have no country and are read in UTC. `?timeZone=` overrides.
 */
const HOME_OFFSETS: Record<CurrencyCode, string> = {
  CNY: '+08:00',
  GHS: '+00:00',
  IDR: '+07:00',
  INR: '+05:30',
  JPY: '+09:00',
  KES: '+03:00',
  KRW: '+09:00',
  LAK: '+07:00',
  MYR: '+08:00',
  NGN: '+01:00',
  PHP: '+08:00',
  THB: '+07:00',
  USDC: '+00:00',
  USDT: '+00:00',
  VND: '+07:00',
  ZAR: '+02:00',
};

export function homeOffset(currency: CurrencyCode): string {
  return HOME_OFFSETS[currency];
}
