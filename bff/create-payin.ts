import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import { pageErrorOf, sortRejectedFields, type PageError } from '@/lib/checkout/page-errors';
import { paymentSubmissionSchema, toCreatePayinBody } from '@/lib/checkout/submission';
import { submissionConflicts } from '@/lib/checkout/terms';
import { customerSession } from './customer-api';
import { backToPage, wantsJson } from './requests';

type Payment = { merchantCode: string; idPayin: string };

/**
 * Creates the payin from the pay form (JSON from the enhanced form, or a plain post), through the
 * public API with the customer's session. A refusal comes back in the customer's words: the fields
 * they can correct (`f`), or why the payment cannot start (`e`); never the API's codes or paths.
 */
export async function createPayin(request: NextRequest, payment: Payment, fields: Record<string, string>) {
  const [session, t, locale] = await Promise.all([customerSession(), getTranslations(), getLocale()]);
  const json = wantsJson(request);
  const fail = (error: PageError, status: number, rejected: string[] = []) => {
    const extra = { e: error, ...(rejected.length > 0 && { f: rejected.join(',') }) };
    const location = backToPage(request, payment, fields.back, extra);
    return json
      ? NextResponse.json(
          {
            message: t(`errors.${error}`, { merchant: t('common.theShop') }),
            code: error,
            fields: rejected,
            location: location.headers.get('location'),
          },
          { status },
        )
      : location;
  };

  if (!session) return fail('sessionMissing', 401);
  const submission = paymentSubmissionSchema.safeParse(fields);
  if (!submission.success) return fail('parametersInvalid', 400);
  const changed = submissionConflicts(submission.data, session.claims);
  if (changed.length > 0) return fail('linkChanged', 403, changed);
  // The page's language goes with the payin: its e-mails are written in it.
  const result = await session.api.createPayin(payment.idPayin, toCreatePayinBody(submission.data), locale);
  if (result.ok || result.problem?.code === 'PAYIN_ALREADY_EXISTS') {
    return json
      ? NextResponse.json({ ok: true }, { status: 201 })
      : backToPage(request, payment, fields.back);
  }
  const code = result.problem?.code;
  // The page compared the link with its token before showing the form: a refusal of the amount or
  // of a bound term now means the posted form was changed. Say which parameters, as the link names them.
  if (code === 'MONEY_NOT_PERMITTED' || code === 'TERMS_NOT_PERMITTED') {
    const changed =
      code === 'MONEY_NOT_PERMITTED'
        ? ['amount']
        : (result.problem?.errors ?? []).map(({ field }) => field.split('.').at(-1) ?? field);
    return fail('linkChanged', 403, [...new Set(changed)]);
  }
  if (code === 'VALIDATION_FAILED') {
    const { customer, link } = sortRejectedFields(result.problem?.errors ?? []);
    if (link.length === 0 && customer.length > 0) return fail('detailsRejected', 400, customer);
  }
  return fail(pageErrorOf(result.status, code), result.status >= 500 ? 503 : result.status);
}
