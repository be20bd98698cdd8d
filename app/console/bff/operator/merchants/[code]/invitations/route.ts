import type { NextRequest } from 'next/server';
import {
  merchantRoutePath,
  relayOperatorChange,
  type OperatorMerchantRoute,
} from '@/bff/console/operator-api';

/** Invites a person (the merchant's first owner) to the merchant's console. */
export async function POST(request: NextRequest, route: OperatorMerchantRoute) {
  return relayOperatorChange(request, {
    method: 'POST',
    path: await merchantRoutePath(route, '/invitations'),
  });
}
