import type { NextRequest } from 'next/server';
import { operatorSignIn } from '@/bff/console/operator-sign-in';

export function POST(request: NextRequest) {
  return operatorSignIn(request);
}
