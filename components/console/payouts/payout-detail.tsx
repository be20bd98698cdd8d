'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { BalanceTransactionsResource, PayoutResource } from '@/lib/api/payout-responses';
import { payoutTimeline, payoutTotal, type PayoutEvent } from '@/lib/console/payouts';
import { formatMoney } from '@/lib/format/money-format';
import { PAYOUT_PROCESSOR_STATUSES } from '@/lib/payouts/methods';
import { consoleFetch, FRESH_MS, ConsoleRequestError, formatInstant } from '../console-fetch';
import { ledgerKey, LedgerSection, useLedger } from '../ledger/ledger-section';
import { OperatorName, PayoutMethodName } from '../method-name';
import { StatusBadge } from '../status-badge';
import { ScriptButton } from '../../ui/script-button';
import { useHydrated } from '../../ui/use-hydrated';

/** What a refused test payout can be refused with (APPROVED is a success's). */
const REFUSAL_REASONS = PAYOUT_PROCESSOR_STATUSES.filter((status) => status !== 'APPROVED');
type Outcome = 'succeed' | 'refuse';

/**
 * One payout, live while it is pending: its money, destination and times, its ledger transfers, the
 * raw JSON, and (test merchants, pending payouts) the sandbox's Succeed and Refuse.
 */
export function PayoutDetail({
  idPayout,
  initial,
  tools,
}: {
  idPayout: string;
  initial: {
    payout: PayoutResource;
    transfers: BalanceTransactionsResource | undefined;
    transfersFailed: string | undefined;
  };
  /** Test merchant: simulate. */
  tools: boolean;
}) {
  const t = useTranslations('console.payout');
  const status = useTranslations('console.status');
  const ledger = useTranslations('console.ledger');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const client = useQueryClient();
  // The reason chosen before hydration would be lost: the select waits for the script like the buttons.
  const hydrated = useHydrated();
  const [reason, setReason] = useState<(typeof REFUSAL_REASONS)[number]>('DECLINED');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const payout = useQuery({
    queryKey: ['payout', idPayout],
    queryFn: () => consoleFetch<PayoutResource>(`/console/bff/api/payouts/${encodeURIComponent(idPayout)}`),
    initialData: initial.payout,
    staleTime: FRESH_MS,
    refetchInterval: (query) => (query.state.data?.process.status === 'PENDING' ? 2500 : false),
  });
  const transfers = useLedger({ idPayout }, initial.transfers);

  const simulate = useMutation({
    mutationFn: (action: Outcome) =>
      consoleFetch<PayoutResource>(
        `/console/bff/api/sandbox/payouts/${encodeURIComponent(idPayout)}/!simulate`,
        {
          method: 'POST',
          body: action === 'succeed' ? { status: 'SUCCESS' } : { status: 'REFUSED', processorStatus: reason },
        },
      ),
    onSuccess: (updated, action) => {
      client.setQueryData(['payout', idPayout], updated);
      setOutcome({ ok: true, text: t(`done.${action}`) });
    },
    onError: (error) =>
      setOutcome({
        ok: false,
        text: error instanceof ConsoleRequestError ? (error.problem?.detail ?? error.message) : error.message,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ledgerKey({ idPayout }) });
      void client.invalidateQueries({ queryKey: ['balances'] });
    },
  });

  const current = payout.data;
  const method = current.paymentMethodResponse;
  const money = current.paymentRequested.money;
  const currency = money.currencyCode;
  const open = current.process.status === 'PENDING';
  const amount = (value: { amount: number } | undefined) =>
    value ? formatMoney(locale, value.amount, currency) : '—';
  const describe = (event: PayoutEvent): string => {
    switch (event.kind) {
      case 'created':
        return t('timeline.created');
      case 'transfer':
        return ledger(`types.${event.type}`);
      case 'final':
        return t('timeline.final', {
          status: status(event.status),
          processorStatus: event.processorStatus ?? '—',
        });
    }
  };
  const optional = (label: string, value: string | undefined) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ) : null;

  return (
    <>
      <div className="console-card">
        <h1 className="payment-title">
          <span className="console-value">{idPayout}</span>{' '}
          <StatusBadge
            status={current.process.status}
            label={status(current.process.status)}
            processorStatus={current.process.processorStatus}
            testId="payout-status"
          />
        </h1>
        <dl className="console-kv">
          <dt>{t('amount')}</dt>
          <dd>{amount(money)}</dd>
          <dt>{t('fee')}</dt>
          <dd>{amount(current.fee)}</dd>
          <dt>{t('vat')}</dt>
          <dd>{amount(method.vat)}</dd>
          <dt>{t('total')}</dt>
          <dd data-testid="payout-total" data-amount={payoutTotal(current)}>
            {formatMoney(locale, payoutTotal(current), currency)}
          </dd>
          <dt>{t('method')}</dt>
          <dd>
            <PayoutMethodName code={method.paymentMethodCode} />
            {method.paymentOperator && (
              <>
                {' · '}
                <OperatorName operator={method.paymentOperator} currency={currency} /> (
                {method.paymentOperator.code})
              </>
            )}
          </dd>
          {optional(t('accountName'), method.account.accountName)}
          <dt>{t('accountNumber')}</dt>
          <dd>
            <code>{method.account.accountNumber}</code>
          </dd>
          {optional(t('bankCode'), method.account.bankCode)}
          {optional(t('phoneNumber'), method.phoneNumber)}
          {optional(t('emailAddress'), method.emailAddress)}
          <dt>{t('reference')}</dt>
          <dd>
            <code>{method.reference}</code>
          </dd>
          <dt>{t('processorStatus')}</dt>
          <dd>
            <code>{current.process.processorStatus ?? '—'}</code>
          </dd>
          <dt>{t('created')}</dt>
          <dd>{formatInstant(locale, current.process.createdAt, timeZone)}</dd>
          <dt>{t('processed')}</dt>
          <dd>{formatInstant(locale, current.process.processedAt, timeZone)}</dd>
          <dt>{t('mode')}</dt>
          <dd>{current.process.isTest ? t('test') : t('live')}</dd>
        </dl>
      </div>

      {tools && open && (
        <section className="console-card" aria-labelledby="simulate-heading">
          <h2 id="simulate-heading">{t('simulateTitle')}</h2>
          <p className="console-hint">{t('simulateHint')}</p>
          <div className="console-actions">
            <ScriptButton
              className="console-button primary"
              disabled={simulate.isPending}
              onClick={() => simulate.mutate('succeed')}
              data-testid="payout-succeed"
            >
              {t('actions.succeed')}
            </ScriptButton>
            <span className="console-actions">
              <label htmlFor="payout-refuse-reason" className="visually-hidden">
                {t('reason')}
              </label>
              <select
                id="payout-refuse-reason"
                disabled={!hydrated}
                value={reason}
                onChange={(event) => setReason(event.target.value as (typeof REFUSAL_REASONS)[number])}
              >
                {REFUSAL_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
              <ScriptButton
                className="console-button danger"
                disabled={simulate.isPending}
                onClick={() => simulate.mutate('refuse')}
                data-testid="payout-refuse"
              >
                {t('actions.refuse')}
              </ScriptButton>
            </span>
          </div>
        </section>
      )}
      {tools && (
        <p
          role="status"
          className={outcome ? (outcome.ok ? 'console-hint' : 'console-alert') : 'visually-hidden'}
          data-testid="payout-action-outcome"
        >
          {outcome?.text ?? ''}
        </p>
      )}

      <div className="console-grid two">
        <section className="console-card" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">{t('timelineTitle')}</h2>
          <ol className="timeline" data-testid="payout-timeline">
            {payoutTimeline(current, transfers.data?.data ?? []).map((event, index) => (
              <li key={index}>
                <div>{describe(event)}</div>
                <div className="console-hint">{formatInstant(locale, event.at, timeZone)}</div>
              </li>
            ))}
          </ol>
        </section>
        <section className="console-card" aria-labelledby="json-heading">
          <h2 id="json-heading">{t('jsonTitle')}</h2>
          <h3 className="console-hint">
            <code>GET /payouts/{idPayout}</code>
          </h3>
          <pre data-testid="payout-json" tabIndex={0}>
            {JSON.stringify(current, null, 2)}
          </pre>
        </section>
      </div>

      <LedgerSection filter={{ idPayout }} initial={initial.transfers} loadFailed={initial.transfersFailed} />
    </>
  );
}
