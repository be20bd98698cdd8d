import type { NextRequest } from 'next/server';
import { relayOperatorChange } from '@/bff/console/operator-api';

/** Creates a merchant (POST /operator/merchants): the answer carries its first key's secret. */
export function POST(request: NextRequest) {
  return relayOperatorChange(request, { method: 'POST', path: '/operator/merchants' });
}
