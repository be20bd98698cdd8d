import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { PaymentOperator } from '../port';
import type { PushChannel } from '../support/push-notification';

/** An Indonesian e-wallet; whether it pushes or redirects is lib/methods/variants.ts (ewalletFlowOf). */
export interface EwalletOperator extends PaymentOperator {
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
export interface MobileMoneyOperator extends PaymentOperator {
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
