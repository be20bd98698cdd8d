import 'server-only';
import type { NextRequest } from 'next/server';
import {
  isSandboxAction,
  REFUSAL_REASONS,
  simulateCallsOf,
  type RefusalReason,
} from '@/lib/sandbox/controls';
import { customerSession } from './customer-api';
import { backToPage } from './requests';

/**
 * A sandbox control of the hosted page: the simulate calls of its action, through the public API
 * with the customer's session (which allows them only for test payins of sandbox merchants). Back to
 * the page, with `sim=<code>` when the API refused (a P2A_V2 payment before its reference, say).
 */
export async function simulateFromPage(
  request: NextRequest,
  payment: { merchantCode: string; idPayin: string },
  fields: Record<string, string>,
) {
  const session = await customerSession();
  const back = (extra: Record<string, string> = {}) => backToPage(request, payment, fields.back, extra);
  const action = fields.action;
  if (!session || !isSandboxAction(action)) return back({ sim: 'SIMULATION_FAILED' });
  const reason = (REFUSAL_REASONS as readonly string[]).includes(fields.reason ?? '')
    ? (fields.reason as RefusalReason)
    : undefined;
  for (const call of simulateCallsOf(action, reason)) {
    const result = await session.api.simulate(payment.idPayin, call);
    if (!result.ok) return back({ sim: result.problem?.code ?? 'SIMULATION_FAILED' });
  }
  return back();
}
