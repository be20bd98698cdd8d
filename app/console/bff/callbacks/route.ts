import type { NextRequest } from 'next/server';
import { callbackLogRoute } from '@/bff/console/callbacks';

/** The merchant's callback log with signature verdicts (bff/console/callbacks.ts). */
export function GET(request: NextRequest) {
  return callbackLogRoute(request);
}
