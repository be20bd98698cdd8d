import { NextResponse, type NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import {
  backToPage,
  customerApi,
  isSameOrigin,
  paymentOf,
  readFields,
  wantsJson,
  type PaymentRoute,
} from '@/lib/checkout/bff';
import { paymentSubmissionSchema, toCreatePayinBody } from '@/lib/checkout/submission';

/** GET: the payment's status for the live screen. */
export async function GET(_request: NextRequest, route: PaymentRoute) {
  const [payment, api] = await Promise.all([paymentOf(route), customerApi()]);
  if (!api) return NextResponse.json({ code: 'SESSION_MISSING' }, { status: 401 });
  const result = await api.getPayin(payment.idPayin);
  if (!result.ok)
    return NextResponse.json({ code: result.problem?.code ?? 'UNAVAILABLE' }, { status: result.status });
  const { status, processorStatus } = result.data.process;
  return NextResponse.json(
    { status, ...(processorStatus !== undefined && { processorStatus }) },
    { headers: { 'cache-control': 'no-store' } },
  );
}

/** POST: create the payin (the pay form). A payin that already exists is not an error: its screen shows. */
export async function POST(request: NextRequest, route: PaymentRoute) {
  if (!isSameOrigin(request))
    return NextResponse.json({ message: 'cross-site request refused' }, { status: 403 });
  const [payment, api, fields, t] = await Promise.all([
    paymentOf(route),
    customerApi(),
    readFields(request),
    getTranslations('errors'),
  ]);
  const json = wantsJson(request);
  const fail = (message: string, status: number, code: string) =>
    json
      ? NextResponse.json({ message, code }, { status })
      : backToPage(request, payment, fields.back, { e: code });

  if (!api) return fail(t('sessionMissing'), 401, 'SESSION_MISSING');
  const submission = paymentSubmissionSchema.safeParse(fields);
  if (!submission.success) return fail(t('generic'), 400, 'VALIDATION_FAILED');
  const result = await api.createPayin(payment.idPayin, toCreatePayinBody(submission.data));
  if (result.ok || result.problem?.code === 'PAYIN_ALREADY_EXISTS') {
    return json
      ? NextResponse.json({ ok: true }, { status: 201 })
      : backToPage(request, payment, fields.back);
  }
  const code = result.problem?.code ?? 'UNAVAILABLE';
  if (result.status === 401)
    return fail(t(code === 'TOKEN_EXPIRED' ? 'tokenExpired' : 'tokenInvalid'), 401, code);
  if (result.status === 403) return fail(t('notAllowed'), 403, code);
  if (result.status >= 500) return fail(t('unavailable'), 503, code);
  const fieldsHint = (result.problem?.errors ?? []).map((error) => error.field.split('.').at(-1)).join(', ');
  return fail(t('createFailed', { reason: fieldsHint || code }), result.status, code);
}
