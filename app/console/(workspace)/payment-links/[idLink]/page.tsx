import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail } from '@/bff/console/receiver';
import { allows } from '@/bff/console/session';
import { LinkDetail } from '@/components/console/payment-links/link-detail';
import { paymentLinkResponseSchema } from '@/lib/api/payment-link-responses';
import { readReply } from '@/lib/console/payout-batches';
import { ID_LINK_PATTERN } from '@/lib/schemas/payment-link-request';
import '../links.css';

export const metadata: Metadata = { title: 'Payment link · Merchant console' };

interface PaymentLinkPageProps {
  params: Promise<{ idLink: string }>;
}

/** One payment link of the merchant: its URL and QR code, terms, uses and payments, and turning it off. */
export default async function PaymentLinkPage({ params }: PaymentLinkPageProps) {
  const [{ api, session }, { idLink: raw }, t] = await Promise.all([
    requireSignedIn(),
    params,
    getTranslations('console.paymentLinks'),
  ]);
  // Pages get their segments still encoded (and a broken escape is no link of ours).
  let idLink = raw;
  try {
    idLink = decodeURIComponent(raw);
  } catch {
    // Left as it came: the pattern below refuses it.
  }
  const link = ID_LINK_PATTERN.test(idLink)
    ? await api
        .call('GET', `/payment-links/${encodeURIComponent(idLink)}`)
        .then((reply) => readReply(reply, paymentLinkResponseSchema))
    : { failure: { status: 404, body: undefined } };
  return (
    <>
      <p>
        <Link href="/console/payment-links">← {t('title')}</Link>
      </p>
      {'data' in link ? (
        <LinkDetail key={idLink} initial={link.data} mayManage={allows(session, 'links.manage')} />
      ) : (
        <p className="console-alert" role="alert" data-testid="link-not-found">
          {link.failure.status === 404
            ? t('detail.notFound', { idLink })
            : t('detail.loadFailed', { detail: failureDetail(link.failure) })}
        </p>
      )}
    </>
  );
}
