import { getTranslations } from 'next-intl/server';
import { DetailList } from './detail-list';
import { QrCode } from './qr-code';
import type { CompletionContext } from './types';

/** UPI: open a UPI app on a phone, or scan the same link as a QR code from a computer. */
export async function DeepLinkScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations();
  const link = String(context.response.qrInDeepLink);
  return (
    <section className="card" aria-labelledby="deeplink-title">
      <h1 id="deeplink-title">{t('completion.deeplink.title')}</h1>
      <p className="amount">{context.toPay}</p>
      <p>
        <a className="button" href={link} data-testid="upi-deeplink">
          {t('completion.deeplink.open')}
        </a>
      </p>
      <div className="qr">
        <p>{t('completion.deeplink.desktopHint')}</p>
        <QrCode
          payload={link}
          label={t('completion.qr.alt', { amount: context.toPay, merchant: context.merchant })}
        />
      </div>
      <DetailList
        details={[{ label: t('common.reference'), value: context.response.reference, copy: true }]}
      />
    </section>
  );
}
