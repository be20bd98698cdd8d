import type { NextRequest } from 'next/server';
import {
  merchantRoutePath,
  relayOperatorChange,
  type OperatorMerchantRoute,
} from '@/bff/console/operator-api';

/** Adds a collection account to a merchant. */
export async function POST(request: NextRequest, route: OperatorMerchantRoute) {
  return relayOperatorChange(request, {
    method: 'POST',
    path: await merchantRoutePath(route, '/collection-accounts'),
  });
}
