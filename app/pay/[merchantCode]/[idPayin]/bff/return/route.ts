import type { NextRequest } from 'next/server';
import { returnToMerchant } from '@/bff/return-to-merchant';
import { paymentOf, type PaymentRoute } from '@/bff/requests';

/** The way back to the merchant from any screen of the payment, with its status as known now. */
export async function GET(_request: NextRequest, route: PaymentRoute) {
  return returnToMerchant(await paymentOf(route));
}
