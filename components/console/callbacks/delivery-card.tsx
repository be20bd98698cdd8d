'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { CallbackDeliveryView } from '@/lib/console/callback-log';
import { AttemptDetails } from './attempt-details';
import { SignatureBadge } from './signature-badge';
import { ScriptButton } from '../../ui/script-button';

const STATUS_BADGE = { PENDING: 'pending', DELIVERED: 'success', FAILED: 'refused' } as const;
const OUTCOME_BADGE = { DELIVERED: 'success', RETRY: 'pending', FAILED: 'refused' } as const;

/** One callback delivery: its state, the exact body it signs, each attempt, and (test merchants) Redeliver. */
export function DeliveryCard({
  delivery,
  redeliver,
}: {
  delivery: CallbackDeliveryView;
  redeliver?: { onClick: () => void; pending: boolean } | undefined;
}) {
  const t = useTranslations('console.callbacks');
  const format = useFormatter();
  const when = (iso: string) => (
    <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'long' })}</time>
  );
  const headingId = `delivery-${delivery.eventId}`;
  return (
    <article
      className="console-card"
      aria-labelledby={headingId}
      data-testid="callback-delivery"
      data-id-payin={delivery.idPayin}
      data-id-payout={delivery.idPayout}
    >
      <div className="console-card-head">
        <h2 id={headingId}>
          {delivery.idPayin !== undefined
            ? t('delivery.heading', { idPayin: delivery.idPayin })
            : t('delivery.payoutHeading', { idPayout: delivery.idPayout ?? '' })}
        </h2>
        <span className={`badge ${STATUS_BADGE[delivery.status]}`} data-testid="delivery-status">
          {t(`status.${delivery.status}`)}
        </span>
        {delivery.failureReason && (
          <span className="console-muted">{t(`failureReason.${delivery.failureReason}`)}</span>
        )}
        {redeliver && (
          <ScriptButton
            className="console-button"
            onClick={redeliver.onClick}
            disabled={redeliver.pending}
            aria-label={t('redeliver.label', { idPayin: delivery.idPayin ?? '' })}
          >
            {redeliver.pending ? t('redeliver.sending') : t('redeliver.button')}
          </ScriptButton>
        )}
      </div>
      <dl className="console-kv">
        <dt>{t('delivery.eventId')}</dt>
        <dd>
          <code>{delivery.eventId}</code>
        </dd>
        <dt>{t('delivery.type')}</dt>
        <dd>
          <code>{delivery.type}</code>
        </dd>
        <dt>{t('delivery.url')}</dt>
        <dd>
          <code>{delivery.url}</code>
        </dd>
        <dt>{t('delivery.createdAt')}</dt>
        <dd>{when(delivery.createdAt)}</dd>
        <dt>{t('delivery.attemptCount')}</dt>
        <dd>{format.number(delivery.attemptCount)}</dd>
        {delivery.nextAttemptAt && (
          <>
            <dt>{t('delivery.nextAttemptAt')}</dt>
            <dd data-testid="next-attempt">{when(delivery.nextAttemptAt)}</dd>
          </>
        )}
        {delivery.deliveredAt && (
          <>
            <dt>{t('delivery.deliveredAt')}</dt>
            <dd>{when(delivery.deliveredAt)}</dd>
          </>
        )}
      </dl>
      <details>
        <summary>{t('delivery.payload')}</summary>
        <pre tabIndex={0}>{delivery.payload}</pre>
      </details>
      <h3>{t('delivery.attempts')}</h3>
      {delivery.attempts.length === 0 ? (
        <p className="console-hint">{t('delivery.noAttempts')}</p>
      ) : (
        <ol className="timeline">
          {[...delivery.attempts]
            .sort((a, b) => b.attemptNumber - a.attemptNumber)
            .map((attempt) => (
              <li
                key={attempt.attemptNumber}
                data-testid="callback-attempt"
                data-attempt={attempt.attemptNumber}
              >
                <div className="console-card-head">
                  <h4>{t('attempt.heading', { number: attempt.attemptNumber })}</h4>
                  <span className={`badge ${OUTCOME_BADGE[attempt.outcome]}`}>
                    {t(`outcome.${attempt.outcome}`)}
                  </span>
                  <SignatureBadge verified={attempt.signatureVerified} />
                </div>
                <AttemptDetails attempt={attempt} />
              </li>
            ))}
        </ol>
      )}
    </article>
  );
}
