import type { NextRequest } from 'next/server';
import { signIn } from '@/bff/console/sign-in';

export function POST(request: NextRequest) {
  return signIn(request);
}
