import type { NextRequest } from 'next/server';
import { signOut } from '@/bff/console/sign-in';

export function POST(request: NextRequest) {
  return signOut(request);
}
