import 'server-only';
import type { MethodCode } from '@/lib/methods';
import { AppError } from '../errors';
import { offlineAdapter } from './adapters/offline.adapter';
import type { MethodAdapter } from './port';

/** One adapter per method code. */
const ADAPTERS: Partial<Record<MethodCode, MethodAdapter>> = {
  OFFLINE: offlineAdapter,
};

export function findAdapter(code: MethodCode): MethodAdapter | undefined {
  return ADAPTERS[code];
}

/** The adapter for a method code, or a 400 when no adapter serves it. */
export function requireAdapter(code: MethodCode): MethodAdapter {
  const adapter = ADAPTERS[code];
  if (!adapter)
    throw new AppError('PAYMENT_METHOD_NOT_CONFIGURED', `Payment method ${code} is not available.`);
  return adapter;
}
