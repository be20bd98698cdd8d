import type { NextRequest } from 'next/server';
import {
  merchantRoutePath,
  relayOperatorChange,
  type OperatorMerchantRoute,
} from '@/bff/console/operator-api';

/** Changes a merchant's terms: the browser posts (consoleFetch), the API is sent a PATCH. */
export async function POST(request: NextRequest, route: OperatorMerchantRoute) {
  return relayOperatorChange(request, { method: 'PATCH', path: await merchantRoutePath(route, '') });
}
