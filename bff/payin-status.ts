import 'server-only';
import { NextResponse } from 'next/server';
import { customerSession } from './customer-api';

/** The payment's status for the live screen (and what was received so far, which changes the screen too). */
export async function readStatus(payment: { merchantCode: string; idPayin: string }) {
  const session = await customerSession();
  if (!session) return NextResponse.json({ code: 'SESSION_MISSING' }, { status: 401 });
  const result = await session.api.getPayin(payment.idPayin);
  if (!result.ok)
    return NextResponse.json({ code: result.problem?.code ?? 'UNAVAILABLE' }, { status: result.status });
  const { status, processorStatus, moneyReceived } = result.data.process;
  return NextResponse.json(
    {
      status,
      ...(processorStatus !== undefined && { processorStatus }),
      ...(moneyReceived && { received: moneyReceived.amount }),
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}
