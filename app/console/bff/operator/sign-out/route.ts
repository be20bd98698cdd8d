import type { NextRequest } from 'next/server';
import { operatorSignOut } from '@/bff/console/operator-sign-in';

export function POST(request: NextRequest) {
  return operatorSignOut(request);
}
