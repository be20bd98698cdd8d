import 'server-only';
import type { MethodCode } from '@/lib/methods';
import { bankaPayAdapter } from './adapters/banka-pay.adapter';
import { cryptoOfflineAdapter } from './adapters/crypto-offline.adapter';
import { ewalletAdapter } from './adapters/ewallet.adapter';
import { mobileMoneyAdapter } from './adapters/mobile-money.adapter';
import { netbankingAdapter } from './adapters/netbanking.adapter';
import { offlineAdapter } from './adapters/offline.adapter';
import { onlineAdapter } from './adapters/online.adapter';
import { p2aV2Adapter } from './adapters/p2a-v2.adapter';
import { payMeAdapter } from './adapters/pay-me.adapter';
import { qridAdapter } from './adapters/qrid.adapter';
import { qrinAdapter } from './adapters/qrin.adapter';
import { qrmyAdapter } from './adapters/qrmy.adapter';
import { qrphAdapter } from './adapters/qrph.adapter';
import { qrthAdapter } from './adapters/qrth.adapter';
import { qrvnAdapter } from './adapters/qrvn.adapter';
import { vapayAdapter } from './adapters/vapay.adapter';
import type { MethodAdapter } from './port';

/** One adapter per method code: adding a code to METHOD_CODES without its adapter is a compile error. */
export const ADAPTERS: Record<MethodCode, MethodAdapter> = {
  BANKA_PAY: bankaPayAdapter,
  CRYPTO_OFFLINE: cryptoOfflineAdapter,
  QRMY: qrmyAdapter,
  EWALLET: ewalletAdapter,
  P2A_V2: p2aV2Adapter,
  ONLINE: onlineAdapter,
  MOBILE_MONEY: mobileMoneyAdapter,
  NETBANKING: netbankingAdapter,
  OFFLINE: offlineAdapter,
  PAY_ME: payMeAdapter,
  QRTH: qrthAdapter,
  QRID: qridAdapter,
  QRPH: qrphAdapter,
  QRIN: qrinAdapter,
  VAPAY: vapayAdapter,
  QRVN: qrvnAdapter,
};

/** The adapter of a method code (every code has one). */
export function requireAdapter(code: MethodCode): MethodAdapter {
  return ADAPTERS[code];
}
