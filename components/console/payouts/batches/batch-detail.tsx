'use client';

import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PayoutBatchResource } from '@/lib/api/payout-batch-responses';
import { batchActions, batchFileHref, batchIsOpen, formatBankDate } from '@/lib/console/payout-batches';
import { formatMoney } from '@/lib/format/money-format';
import { ConfirmStep } from '../../confirm-step';
import { consoleFetch, ConsoleRequestError, FRESH_MS, formatInstant } from '../../console-fetch';
import { StatusBadge } from '../../status-badge';
import { ScriptButton } from '../../../ui/script-button';
import { BatchRefundsTable } from './batch-refunds-table';
import { BatchStatusBadge } from './batch-status-badge';
import { BATCHES_KEY } from './batches-table';

/**
 * One payout batch, live while it may change (until every payout and refund ended, or it was
 * cancelled): its money, account and dates, its payouts and then its refunds (docs/decisions/042)
 * in file order with the EndToEndId the bank reports each by, and (for the roles that send payouts)
 * the pain.001 download and, while READY, cancelling it after a confirmation.
 */
export function BatchDetail({
  initial,
  accountName,
  mayAct,
}: {
  initial: PayoutBatchResource;
  /** The collection account's name (undefined: not among the merchant's accounts any more). */
  accountName: string | undefined;
  /** The person's role sends payouts (payouts.create). */
  mayAct: boolean;
}) {
  const t = useTranslations('console.batches.detail');
  const statuses = useTranslations('console.batches.statuses');
  const payoutStatus = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const idBatch = initial.idBatch;
  const key = ['payout-batch', idBatch];
  const path = `/console/bff/api/payout-batches/${encodeURIComponent(idBatch)}` as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => consoleFetch<PayoutBatchResource>(path),
    initialData: initial,
    staleTime: FRESH_MS,
    refetchInterval: (state) => (state.state.data && batchIsOpen(state.state.data.status) ? 2500 : false),
  });
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const cancel = useMutation({
    mutationFn: () => consoleFetch<PayoutBatchResource>(`${path}/!cancel`, { method: 'POST', body: {} }),
    onSuccess: (cancelled) => {
      client.setQueryData(key, cancelled);
      setOutcome({ ok: true, text: t('cancel.done') });
    },
    onError: (error) => {
      setOutcome({
        ok: false,
        text: error instanceof ConsoleRequestError ? (error.problem?.detail ?? error.message) : error.message,
      });
      // Downloaded meanwhile (another tab, another person): show the batch as it is now.
      void client.invalidateQueries({ queryKey: key });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: BATCHES_KEY }),
  });

  const batch = query.data;
  const actions = batchActions(batch.status);
  const money = (value: PayoutBatchResource['money']) =>
    formatMoney(locale, value.amount, value.currencyCode);

  return (
    <>
      <div className="console-card">
        <h1 className="payment-title">
          <span className="console-value">{idBatch}</span>{' '}
          <BatchStatusBadge status={batch.status} label={statuses(batch.status)} />
        </h1>
        {query.error && (
          <p className="console-alert" role="alert">
            {t('refreshFailed', { detail: query.error.message })}
          </p>
        )}
        <dl className="console-kv">
          <dt>{t('account')}</dt>
          <dd className="break-anywhere">
            {accountName ? `${accountName} (${batch.accountId})` : batch.accountId}
          </dd>
          <dt>{t('amount')}</dt>
          <dd data-testid="batch-amount">{money(batch.money)}</dd>
          <dt>{t('payoutCount')}</dt>
          <dd data-testid="batch-payout-count">{batch.payoutCount}</dd>
          <dt>{t('refundCount')}</dt>
          <dd data-testid="batch-refund-count">{batch.refundCount}</dd>
          <dt>{t('pendingCount')}</dt>
          <dd data-testid="batch-pending-count">{batch.pendingCount}</dd>
          <dt>{t('executionDate')}</dt>
          <dd>{formatBankDate(locale, batch.executionDate)}</dd>
          <dt>{t('format')}</dt>
          <dd>
            <code>{batch.format}</code>
          </dd>
          <dt>{t('created')}</dt>
          <dd>{formatInstant(locale, batch.createdAt, timeZone)}</dd>
          {batch.downloadedAt && (
            <>
              <dt>{t('downloaded')}</dt>
              <dd data-testid="batch-downloaded-at">{formatInstant(locale, batch.downloadedAt, timeZone)}</dd>
            </>
          )}
          {batch.cancelledAt && (
            <>
              <dt>{t('cancelled')}</dt>
              <dd>{formatInstant(locale, batch.cancelledAt, timeZone)}</dd>
            </>
          )}
        </dl>
        {mayAct && (actions.download || actions.cancel) && (
          <>
            <div className="console-actions batch-actions">
              {actions.download && (
                // A plain link: the browser saves the file under the name the API gives it.
                <a
                  className="console-button primary"
                  href={batchFileHref(idBatch)}
                  download
                  data-testid="batch-download"
                >
                  {t('download')}
                </a>
              )}
              {actions.cancel && (
                <ScriptButton
                  className="console-button danger"
                  disabled={cancel.isPending || confirming}
                  onClick={() => {
                    setOutcome(undefined);
                    setConfirming(true);
                  }}
                  data-testid="batch-cancel"
                >
                  {t('cancel.action')}
                </ScriptButton>
              )}
            </div>
            {batch.status === 'READY' && <p className="console-hint">{t('downloadHint')}</p>}
          </>
        )}
        {confirming && actions.cancel && (
          // The question names the batch: its long id wraps on a phone.
          <div className="break-anywhere">
            <ConfirmStep
              question={
                batch.refundCount > 0
                  ? t('cancel.questionWithRefunds', {
                      idBatch,
                      payouts: batch.payoutCount,
                      refunds: batch.refundCount,
                    })
                  : t('cancel.question', { idBatch, count: batch.payoutCount })
              }
              confirmLabel={t('cancel.yes')}
              backLabel={t('cancel.keep')}
              danger
              pending={cancel.isPending}
              onConfirm={() => {
                setConfirming(false);
                cancel.mutate();
              }}
              onBack={() => setConfirming(false)}
              testId="batch-cancel-confirm"
            />
          </div>
        )}
        {mayAct && (
          <p
            role="status"
            className={outcome ? (outcome.ok ? 'console-hint' : 'console-alert') : 'visually-hidden'}
            data-testid="batch-action-outcome"
          >
            {outcome?.text ?? ''}
          </p>
        )}
      </div>

      <section className="console-card" aria-labelledby="batch-payouts-heading">
        <h2 id="batch-payouts-heading">{t('payouts.title')}</h2>
        {batch.status === 'CANCELLED' ? (
          <p className="console-hint" data-testid="batch-cancelled-note">
            {t('payouts.cancelled')}
          </p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table stacked" data-testid="batch-payouts">
              <caption className="visually-hidden">{t('payouts.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('payouts.columns.idPayout')}</th>
                  <th scope="col">{t('payouts.columns.endToEndId')}</th>
                  <th scope="col" className="money-cell">
                    {t('payouts.columns.amount')}
                  </th>
                  <th scope="col">{t('payouts.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {batch.payouts.map((payout) => (
                  <tr key={payout.idPayout} data-testid="batch-payout" data-id-payout={payout.idPayout}>
                    <td data-label={t('payouts.columns.idPayout')}>
                      <span className="break-anywhere">
                        <Link href={`/console/payouts/${encodeURIComponent(payout.idPayout)}`}>
                          {payout.idPayout}
                        </Link>
                      </span>
                    </td>
                    <td data-label={t('payouts.columns.endToEndId')}>
                      <code className="break-anywhere" data-testid="batch-end-to-end-id">
                        {payout.endToEndId}
                      </code>
                    </td>
                    <td className="money-cell" data-label={t('payouts.columns.amount')}>
                      {money(payout.money)}
                    </td>
                    <td data-label={t('payouts.columns.status')}>
                      <StatusBadge
                        status={payout.status}
                        label={payoutStatus(payout.status)}
                        processorStatus={payout.processorStatus}
                        testId="payout-status"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {batch.status !== 'CANCELLED' && batch.refunds.length > 0 && (
        <BatchRefundsTable refunds={batch.refunds} />
      )}
    </>
  );
}
