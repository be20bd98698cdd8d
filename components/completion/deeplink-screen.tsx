import { getTranslations } from 'next-intl/server';
import { upiIdOf } from '@/lib/methods/upi-link';
import { DetailList, type Detail } from './detail-list';
import { QrCode } from './qr-code';
import type { CompletionContext } from './types';

/**
 * UPI: on a phone, open a UPI app first; on a computer, the QR first with the UPI ID to copy, and the
 * app as a second choice. Each layout has its own button (the other one is not displayed, so it is
 * neither seen nor reached by keyboard): the order on screen is the order in the document.
 */
export async function DeepLinkScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations();
  const link = String(context.response.qrInDeepLink);
  const upiId = upiIdOf(link);
  const details: Detail[] = [
    ...(upiId
      ? [{ label: t('completion.deeplink.upiId'), value: upiId, copy: true, testId: 'detail-upi-id' }]
      : []),
    { label: t('common.reference'), value: context.response.reference, copy: true },
  ];
  return (
    <section className="card" aria-labelledby="deeplink-title">
      <h1 id="deeplink-title">{t('completion.deeplink.title')}</h1>
      <p className="amount">{context.toPay}</p>
      <p className="phone-only">
        <a className="button" href={link} data-testid="upi-deeplink">
          {t('completion.deeplink.open')}
        </a>
      </p>
      <div className="qr">
        <p className="phone-only">{t('completion.deeplink.desktopHint')}</p>
        <p className="desktop-only">{t('completion.deeplink.scanHint')}</p>
        <QrCode
          payload={link}
          label={t('completion.qr.alt', { amount: context.toPay, merchant: context.merchant })}
        />
      </div>
      <DetailList details={details} />
      <p className="desktop-only">
        <a className="button secondary" href={link} data-testid="upi-deeplink-secondary">
          {t('completion.deeplink.open')}
        </a>
      </p>
    </section>
  );
}
