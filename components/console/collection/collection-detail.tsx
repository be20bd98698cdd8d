'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { CollectionTransactionResource } from '@/lib/api/collection-responses';
import { formatMoney } from '@/lib/format/money-format';
import { consoleFetch, FRESH_MS, formatInstant } from '../console-fetch';
import { OutcomeBadge } from './outcome-badge';
import { LinkToPayinForm, MarkRefundedForm } from './review-actions';

/**
 * One incoming transaction: its money, where it came from, what matching made of it, the record as
 * the bank gave it and how review resolved it; while it waits for review, "Link to a payment" and
 * "Mark refunded" (every merchant: this is the merchant's real money, not a sandbox tool).
 */
export function CollectionDetail({
  initial,
  canResolve,
}: {
  initial: CollectionTransactionResource;
  /** Whether the person's role resolves reviews (link, mark refunded). */
  canResolve: boolean;
}) {
  const t = useTranslations('console.collectionTransaction');
  const outcomes = useTranslations('console.collection.outcomes');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [done, setDone] = useState<string | undefined>();
  const id = initial.id;
  const { data: current } = useQuery({
    queryKey: ['collection-transaction', id],
    queryFn: () =>
      consoleFetch<CollectionTransactionResource>(
        `/console/bff/api/collection/transactions/${encodeURIComponent(id)}`,
      ),
    initialData: initial,
    staleTime: FRESH_MS,
    // Matching may still be under way for a transaction just received.
    refetchInterval: (query) => (query.state.data?.outcome === 'RECEIVED' ? 3000 : false),
  });
  const money = (value: {
    amount: number;
    currencyCode: CollectionTransactionResource['money']['currencyCode'];
  }) => formatMoney(locale, value.amount, value.currencyCode);
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className="console-kv-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  const payer = current.payer ? Object.values(current.payer).filter(Boolean).join(' · ') : '';
  const resolution = current.resolution;

  return (
    <>
      <div className="console-card">
        <h1 className="payment-title">
          <span className="console-value">{money(current.money)}</span>{' '}
          <OutcomeBadge outcome={current.outcome} label={outcomes(current.outcome)} />
        </h1>
        {current.needsReview && (
          <p className="console-note" data-testid="collection-needs-review">
            {t('needsReview')}
          </p>
        )}
        <dl className="console-kv">
          {row(t('amount'), money(current.money))}
          {row(t('account'), <code>{current.accountId}</code>)}
          {row(t('bankTransactionId'), <code className="console-value">{current.bankTransactionId}</code>)}
          {row(t('booked'), formatInstant(locale, current.bookedAt, timeZone))}
          {row(t('received'), formatInstant(locale, current.receivedAt, timeZone))}
          {row(t('note'), <span className="console-value">{current.note || '—'}</span>)}
          {row(t('payer'), <span className="console-value">{payer || '—'}</span>)}
          {current.to !== undefined && row(t('to'), <code className="console-value">{current.to}</code>)}
          {row(t('source'), t(`sources.${current.source}`))}
          {row(t('outcome'), outcomes(current.outcome))}
          {row(t('matchedBy'), current.matchedBy ? t(`matchedByValues.${current.matchedBy}`) : '—')}
          {row(
            t('payin'),
            current.idPayin ? (
              <Link
                className="console-value"
                href={`/console/payments/${encodeURIComponent(current.idPayin)}`}
              >
                {current.idPayin}
              </Link>
            ) : (
              '—'
            ),
            'collection-payin',
          )}
          {row(t('applied'), money(current.applied))}
          {row(t('unapplied'), money(current.unapplied), 'collection-unapplied')}
        </dl>
      </div>

      <p
        role="status"
        className={done ? 'console-hint' : 'visually-hidden'}
        data-testid="collection-action-outcome"
      >
        {done ?? ''}
      </p>

      {resolution && (
        <section
          className="console-card"
          aria-labelledby="resolution-heading"
          data-testid="collection-resolution"
        >
          <h2 id="resolution-heading">{t('resolution.title')}</h2>
          <dl className="console-kv">
            {row(t('resolution.kind'), t(`resolution.${resolution.kind}`), 'resolution-kind')}
            {row(t('resolution.by'), <span className="console-value">{resolution.by}</span>, 'resolution-by')}
            {row(t('resolution.at'), formatInstant(locale, resolution.at, timeZone), 'resolution-at')}
            {row(
              t('resolution.note'),
              <span className="console-value">{resolution.note ?? '—'}</span>,
              'resolution-note',
            )}
          </dl>
        </section>
      )}

      {current.needsReview && canResolve && (
        <section
          className="console-card collection-review"
          aria-labelledby="review-heading"
          data-testid="collection-review"
        >
          <h2 id="review-heading">{t('reviewTitle')}</h2>
          <div className="console-grid two">
            <LinkToPayinForm
              id={id}
              onDone={(updated) => setDone(t('link.done', { idPayin: updated.idPayin ?? '' }))}
            />
            <MarkRefundedForm
              id={id}
              amount={money(current.unapplied)}
              onDone={() => setDone(t('refund.done'))}
            />
          </div>
        </section>
      )}

      <section className="console-card" aria-labelledby="raw-heading">
        <h2 id="raw-heading">{t('rawTitle')}</h2>
        <p className="console-hint">{t('rawHint')}</p>
        {/* React escapes the text: the bank's record is shown, never interpreted. */}
        <pre data-testid="collection-raw" tabIndex={0}>
          {current.raw}
        </pre>
      </section>
    </>
  );
}
