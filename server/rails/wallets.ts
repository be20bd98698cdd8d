import 'server-only';
import type { CurrencyCode } from '@/lib/money';

// E-wallets and mobile money networks: who they are, how they ask the customer to approve, and which
// phone numbers are theirs.

/** How the approval request reaches the customer's phone. */
export const PUSH_CHANNELS = ['USSD', 'SIM_TOOLKIT', 'APP'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

/** An Indonesian e-wallet; whether it pushes or redirects is its method's (lib/methods/descriptors/ewallet.ts). */
export interface EwalletOperator {
  code: string;
  name: string;
  app: string;
}

/** The first is the default and must redirect: a request without an operator names no phone to push to. */
export const EWALLETS: readonly EwalletOperator[] = [
  { code: 'DANA', name: 'DANA', app: 'the DANA app' },
  { code: 'OVO', name: 'OVO', app: 'the OVO app' },
  { code: 'GOPAY', name: 'GoPay', app: 'the Gojek app' },
  { code: 'SHOPEEPAY', name: 'ShopeePay', app: 'the Shopee app' },
  { code: 'LINKAJA', name: 'LinkAja', app: 'the LinkAja app' },
];

/** A mobile network's money service and how it prompts the customer to approve. */
export interface MobileMoneyOperator {
  code: string;
  name: string;
  channel: PushChannel;
  approveIn: string;
}

export const MOBILE_MONEY_OPERATORS: Partial<Record<CurrencyCode, readonly MobileMoneyOperator[]>> = {
  GHS: [
    { code: 'MTN', name: 'MTN Mobile Money', channel: 'USSD', approveIn: 'MTN MoMo' },
    {
      code: 'TELECEL',
      name: 'Telecel Cash (formerly Vodafone Cash)',
      channel: 'USSD',
      approveIn: 'Telecel Cash',
    },
    { code: 'AIRTELTIGO', name: 'AT Money (AirtelTigo)', channel: 'USSD', approveIn: 'AT Money' },
  ],
  KES: [
    // M-PESA's "STK push" is a SIM Toolkit prompt.
    { code: 'MPESA', name: 'M-PESA (Safaricom)', channel: 'SIM_TOOLKIT', approveIn: 'M-PESA' },
    { code: 'AIRTEL', name: 'Airtel Money', channel: 'USSD', approveIn: 'Airtel Money' },
  ],
};

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/**
 * The leading digits of the national number (after the trunk 0) each network was allocated, by
 * operator code of MOBILE_MONEY_OPERATORS. Ghana (NCA): MTN 024, 025, 053, 054, 055, 059; Telecel
 * 020, 050; AirtelTigo 026, 027, 056, 057. Kenya (CA): Safaricom 0700–0729, 0740–0748, 0757–0759,
 * 0768–0769, 0790–0799, 0110–0115; Airtel 0730–0739, 0750–0756, 0762, 0780–0789, 0100–0102.
 * A number ported to another network keeps its prefix and is refused: portability is rare in both
 * countries, and a wallet number sent with the wrong network is a far commoner mistake.
 */
export const NETWORK_PREFIXES: Partial<Record<CurrencyCode, Record<string, readonly string[]>>> = {
  GHS: {
    MTN: ['24', '25', '53', '54', '55', '59'],
    TELECEL: ['20', '50'],
    AIRTELTIGO: ['26', '27', '56', '57'],
  },
  KES: {
    MPESA: [
      ...range(700, 729),
      ...range(740, 748),
      ...range(757, 759),
      ...range(768, 769),
      ...range(790, 799),
      ...range(110, 115),
    ],
    AIRTEL: [...range(730, 739), ...range(750, 756), '762', ...range(780, 789), ...range(100, 102)],
  },
};

/** The operator code of the network a national significant number belongs to, if any we pay to. */
export function networkOf(currency: CurrencyCode, nationalNumber: string): string | undefined {
  const prefixes = NETWORK_PREFIXES[currency] ?? {};
  return Object.keys(prefixes).find((code) =>
    prefixes[code]!.some((prefix) => nationalNumber.startsWith(prefix)),
  );
}
