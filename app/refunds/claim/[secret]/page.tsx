import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PaymentShell } from '@/components/layout/payment-shell';
import { RefundClaimView } from '@/components/refunds/refund-claim-view';
import { apiForCustomer } from '@/bff/customer-api';
import { chosenOption, CLAIM_FIELDS } from '@/lib/checkout/refund-claim-form';
import { single } from '@/lib/checkout/query';

type Query = Record<string, string | string[] | undefined>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('refundClaim');
  return { title: t('pageTitle') };
}

/**
 * A refund's claim link (docs/decisions/036): the payer sees the shop, the amount and the reason in
 * their language and says where to receive it. Read on the server through the public API; the
 * link's secret is its only credential.
 */
export default async function RefundClaimPage({
  params,
  searchParams,
}: {
  params: Promise<{ secret: string }>;
  searchParams: Promise<Query>;
}) {
  const [{ secret }, query, t] = await Promise.all([params, searchParams, getTranslations('refundClaim')]);
  const decoded = decodeURIComponent(secret);
  const result = await (await apiForCustomer(undefined)).refundClaim(decoded);
  if (!result.ok) {
    return (
      <PaymentShell>
        <section className="card" role="alert" data-testid="claim-problem">
          <h1>{t('pageTitle')}</h1>
          <p>{result.status === 404 ? t('notFound') : t('unavailable')}</p>
        </section>
      </PaymentShell>
    );
  }
  const claim = result.data;
  const invalid = (single(query, 'invalid') ?? '')
    .split(',')
    .filter((field) => field === 'other' || (CLAIM_FIELDS as readonly string[]).includes(field));
  const option = chosenOption(claim.options, single(query, 'method'));
  const operator = single(query, 'operator');
  return (
    <PaymentShell>
      <RefundClaimView
        claim={claim}
        secret={decoded}
        option={option}
        invalid={invalid}
        operator={option?.paymentOperators.some((choice) => choice.code === operator) ? operator : undefined}
        closed={single(query, 'error') === 'closed'}
      />
    </PaymentShell>
  );
}
