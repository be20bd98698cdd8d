import type { NextRequest } from 'next/server';
import { join } from '@/bff/console/sign-in';

export function POST(request: NextRequest) {
  return join(request);
}
