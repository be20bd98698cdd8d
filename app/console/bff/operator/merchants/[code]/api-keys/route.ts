import type { NextRequest } from 'next/server';
import {
  merchantRoutePath,
  relayOperatorChange,
  type OperatorMerchantRoute,
} from '@/bff/console/operator-api';

/** Issues an API key for a merchant (its secret is in this answer only). */
export async function POST(request: NextRequest, route: OperatorMerchantRoute) {
  return relayOperatorChange(request, { method: 'POST', path: await merchantRoutePath(route, '/api-keys') });
}
