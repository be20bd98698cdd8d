import { getTranslations } from 'next-intl/server';
import { DetailList, type Detail } from './detail-list';
import { qrFileName } from '@/lib/methods/upi-link';
import { QrActions } from './qr-actions';
import { QrCode } from './qr-code';
import type { CompletionContext } from './types';

/**
 * QR methods (and OFFLINE in VND): a standard payload as a server-rendered QR, the amount beside it,
 * and for a customer on the phone that shows it, the QR to save or share.
 */
export async function QrScreen({
  context,
  details = [],
}: {
  context: CompletionContext;
  details?: Detail[];
}) {
  const t = await getTranslations();
  const payload = String(context.response.qrCode);
  return (
    <section className="card" aria-labelledby="qr-title">
      <h1 id="qr-title">{t('completion.qr.title')}</h1>
      {/* The payload is the QR's own text (no secret): tests read what the customer scans. */}
      <div className="qr" id="qr-code" data-testid="qr" data-payload={payload}>
        <QrCode
          payload={payload}
          label={t('completion.qr.alt', { amount: context.toPay, merchant: context.merchant })}
        />
        <p className="amount">{context.toPay}</p>
        <p className="merchant">{context.merchant}</p>
        <p>{t('completion.qr.hint')}</p>
        <QrActions
          targetId="qr-code"
          fileName={qrFileName(context.response.reference)}
          title={t('completion.qr.alt', { amount: context.toPay, merchant: context.merchant })}
          labels={{
            save: t('completion.qr.save'),
            share: t('completion.qr.share'),
            hint: t('completion.qr.saveHint'),
          }}
        />
      </div>
      {context.differs && (
        <p className="notice">
          {t('completion.instructions.exactAmount', {
            required: context.toPay,
            order: context.order,
            merchant: context.merchant,
          })}
        </p>
      )}
      <DetailList
        details={[
          ...details,
          { label: t('common.reference'), value: context.response.reference, copy: true },
        ]}
      />
    </section>
  );
}
