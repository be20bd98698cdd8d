import type { NextRequest } from 'next/server';
import {
  merchantRoutePath,
  relayOperatorChange,
  type OperatorMerchantRoute,
} from '@/bff/console/operator-api';

/** Replaces a collection account: the browser posts (consoleFetch), the API is sent a PUT. */
export async function POST(request: NextRequest, route: OperatorMerchantRoute) {
  return relayOperatorChange(request, {
    method: 'PUT',
    path: await merchantRoutePath(route, '/collection-accounts/:id'),
  });
}
