import type { NextRequest } from 'next/server';
import { secondFactor } from '@/bff/console/sign-in';

export function POST(request: NextRequest) {
  return secondFactor(request);
}
