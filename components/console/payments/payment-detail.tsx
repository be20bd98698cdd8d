'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { PayinResource } from '@/lib/api/responses';
import { payinTimeline, type TimelineDelivery, type TimelineEvent } from '@/lib/console/timeline';
import { formatMoney } from '@/lib/format/money-format';
import type { CurrencyCode } from '@/lib/money/currencies';
import { REFUSAL_REASONS, simulateCallsOf, type RefusalReason } from '@/lib/sandbox/controls';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, ConsoleRequestError, formatInstant } from '../console-fetch';
import { ledgerKey } from '../ledger/ledger-section';
import { MethodName, OperatorName } from '../method-name';
import { StatusBadge } from '../status-badge';
import { ScriptButton } from '../../ui/script-button';

type ConsoleAction = 'pay' | 'short' | 'over' | 'late' | 'approve' | 'refuse' | 'expire' | 'cancel';

interface Deliveries {
  data: (TimelineDelivery & { eventId: string; url: string })[];
}

/**
 * One payment, live: its state, timeline and raw JSON as the API returns them, and (test merchants)
 * the sandbox's outcomes and cancelling, each a call of the public API.
 */
export function PaymentDetail({
  idPayin,
  initial,
  can,
}: {
  idPayin: string;
  initial: { payin: PayinResource; accounts: unknown };
  /** Test merchant: simulate and cancel. */
  /** What the person may do here: drive a test payment (sandbox), cancel an open one. */
  can: { simulate: boolean; cancel: boolean };
}) {
  const t = useTranslations('console.payment');
  const status = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const path = `/console/bff/api/payins/${encodeURIComponent(idPayin)}` as const;
  const [reason, setReason] = useState<RefusalReason>('DECLINED');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const [confirming, setConfirming] = useState(false);

  const payin = useQuery({
    queryKey: ['payin', idPayin],
    queryFn: () => consoleFetch<PayinResource>(path),
    initialData: initial.payin,
    refetchInterval: 2500,
  });
  const accounts = useQuery({
    queryKey: ['payin-accounts', idPayin],
    queryFn: () => consoleFetch<unknown>(`${path}/accounts`),
    initialData: initial.accounts,
    refetchInterval: 5000,
  });
  const deliveries = useQuery({
    queryKey: ['payin-callbacks', idPayin],
    queryFn: () => consoleFetch<Deliveries>(`${path}/callbacks`),
    refetchInterval: 2500,
  });

  const act = useMutation({
    mutationFn: async (action: ConsoleAction) => {
      if (action === 'cancel') return consoleFetch<PayinResource>(`${path}/!cancel`, { method: 'POST' });
      let last: PayinResource | undefined;
      const calls = simulateCallsOf(action, reason);
      // "Pay late" on a payin that already ended: only the money arrives.
      const open = payin.data.process.status === 'PENDING';
      for (const call of action === 'late' && !open ? calls.slice(1) : calls)
        last = await consoleFetch<PayinResource>(
          `/console/bff/api/sandbox/payins/${encodeURIComponent(idPayin)}/!simulate`,
          { method: 'POST', body: call },
        );
      return last;
    },
    onSuccess: (updated, action) => {
      if (updated) client.setQueryData(['payin', idPayin], updated);
      setOutcome({ ok: true, text: t(`done.${action}`) });
    },
    onError: (error) =>
      setOutcome({
        ok: false,
        text: error instanceof ConsoleRequestError ? (error.problem?.detail ?? error.message) : error.message,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['payin-callbacks', idPayin] });
      // A success credits the balance in the same transaction: its ledger section shows it now.
      void client.invalidateQueries({ queryKey: ledgerKey({ idPayin }) });
    },
  });

  const current = payin.data;
  const money = current.paymentRequested.money;
  const currency = money.currencyCode;
  const method = current.paymentMethodResponse;
  const open = current.process.status === 'PENDING';
  const amount = (value: { amount: number; currencyCode: string } | undefined) =>
    value ? formatMoney(locale, value.amount, value.currencyCode as CurrencyCode) : '—';
  const describe = (event: TimelineEvent): string => {
    switch (event.kind) {
      case 'created':
        return t('timeline.created');
      case 'externalReference':
        return t('timeline.externalReference', { reference: event.reference });
      case 'received':
        return t('timeline.received', { amount: formatMoney(locale, event.amount, currency) });
      case 'final':
        return t('timeline.final', {
          status: status(event.status),
          processorStatus: event.processorStatus ?? '—',
        });
      case 'receivedLate':
        return t('timeline.receivedLate', { amount: formatMoney(locale, event.amount, currency) });
      case 'callback': {
        const text = t('timeline.callback', { status: event.status, attempts: event.attempts });
        // A refund's callback is listed with its payin's: the refund it announced is named.
        return event.idRefund === undefined ? text : `${text} · ${event.idRefund}`;
      }
    }
  };
  // Cancelling cannot be undone: it asks first (ConfirmStep); the sandbox tools act at once.
  const button = (action: ConsoleAction, className = '') => (
    <ScriptButton
      className={`console-button ${className}`}
      disabled={act.isPending}
      onClick={() => (action === 'cancel' ? setConfirming(true) : act.mutate(action))}
      data-testid={`console-${action}`}
    >
      {t(`actions.${action}`)}
    </ScriptButton>
  );

  return (
    <>
      <div className="console-card">
        <h1 className="payment-title">
          <span>{idPayin}</span>{' '}
          <StatusBadge
            status={current.process.status}
            label={status(current.process.status)}
            processorStatus={current.process.processorStatus}
          />
        </h1>
        <dl className="console-kv">
          <dt>{t('amount')}</dt>
          <dd>{amount(money)}</dd>
          {method.moneyRequired && (
            <>
              <dt>{t('amountToPay')}</dt>
              <dd>{amount(method.moneyRequired)}</dd>
            </>
          )}
          <dt>{t('received')}</dt>
          <dd data-testid="money-received">{amount(current.process.moneyReceived)}</dd>
          {current.process.moneyReceivedLate && (
            <>
              <dt>{t('receivedLate')}</dt>
              <dd>{amount(current.process.moneyReceivedLate)}</dd>
            </>
          )}
          <dt>{t('fee')}</dt>
          {/* A refused payin is charged nothing (the ledger books a fee on SUCCESS only), whatever its fee would have been. */}
          <dd data-testid="payment-fee">
            {current.process.status === 'REFUSED' ? t('feeNone') : amount(current.fee)}
          </dd>
          <dt>{t('method')}</dt>
          <dd>
            <MethodName code={String(method.paymentMethodCode)} />
            {method.paymentOperator && (
              <>
                {' · '}
                <OperatorName operator={method.paymentOperator} currency={currency} />
              </>
            )}
          </dd>
          <dt>{t('reference')}</dt>
          <dd>
            <code>{String(method.reference ?? '—')}</code>
          </dd>
          {current.paymentLink && (
            <>
              <dt>{t('paymentLink')}</dt>
              <dd>
                <Link
                  href={`/console/payment-links/${encodeURIComponent(current.paymentLink.idLink)}`}
                  data-testid="payment-link"
                >
                  {current.paymentLink.idLink}
                </Link>
              </dd>
            </>
          )}
          <dt>{t('created')}</dt>
          <dd>{formatInstant(locale, current.process.createdAt, timeZone)}</dd>
          <dt>{open ? t('expires') : t('processed')}</dt>
          <dd>{formatInstant(locale, open ? method.expireAt : current.process.processedAt, timeZone)}</dd>
          <dt>{t('mode')}</dt>
          <dd>{current.process.isTest ? t('test') : t('live')}</dd>
        </dl>
      </div>

      {(can.simulate || (can.cancel && open)) && (
        <section className="console-card" aria-labelledby="simulate-heading">
          <h2 id="simulate-heading">
            {can.simulate ? (open ? t('simulateTitle') : t('afterTitle')) : t('actionsTitle')}
          </h2>
          {can.simulate && <p className="console-hint">{open ? t('simulateHint') : t('afterHint')}</p>}
          <div className="console-actions">
            {can.simulate && open && (
              <>
                {button('approve', 'primary')}
                {button('pay')}
                {button('short')}
                {button('over')}
              </>
            )}
            {can.simulate && button('late')}
            {can.simulate && open && (
              <>
                <span className="console-actions">
                  <label htmlFor="refuse-reason" className="visually-hidden">
                    {t('reason')}
                  </label>
                  <select
                    id="refuse-reason"
                    value={reason}
                    onChange={(event) => setReason(event.target.value as RefusalReason)}
                  >
                    {REFUSAL_REASONS.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                  {button('refuse')}
                </span>
                {button('expire')}
              </>
            )}
            {can.cancel && open && button('cancel', 'danger')}
          </div>
          {open && confirming && (
            <ConfirmStep
              question={t('confirm.question', { idPayin })}
              confirmLabel={t('confirm.yes')}
              backLabel={t('confirm.keep')}
              danger
              pending={act.isPending}
              onConfirm={() => {
                setConfirming(false);
                act.mutate('cancel');
              }}
              onBack={() => setConfirming(false)}
              testId="console-cancel-confirm"
            />
          )}
          <p
            role="status"
            className={outcome ? (outcome.ok ? 'console-hint' : 'console-alert') : 'visually-hidden'}
            data-testid="console-action-outcome"
          >
            {outcome?.text ?? ''}
          </p>
        </section>
      )}

      <div className="console-grid two">
        <section className="console-card" aria-labelledby="timeline-heading">
          <h2 id="timeline-heading">{t('timelineTitle')}</h2>
          <ol className="timeline" data-testid="payment-timeline">
            {payinTimeline(current, deliveries.data?.data ?? []).map((event, index) => (
              <li key={index}>
                <div>{describe(event)}</div>
                {'at' in event && (
                  <div className="console-hint">{formatInstant(locale, event.at, timeZone)}</div>
                )}
              </li>
            ))}
          </ol>
          <p>
            <Link href={`/console/callbacks?idPayin=${encodeURIComponent(idPayin)}`}>
              {t('seeCallbacks')}
            </Link>
          </p>
        </section>
        <section className="console-card" aria-labelledby="json-heading">
          <h2 id="json-heading">{t('jsonTitle')}</h2>
          <h3 className="console-hint">
            <code>GET /payins/{idPayin}</code>
          </h3>
          <pre data-testid="payin-json" tabIndex={0}>
            {JSON.stringify(current, null, 2)}
          </pre>
          <h3 className="console-hint">
            <code>GET /payins/{idPayin}/accounts</code>
          </h3>
          <pre tabIndex={0}>{JSON.stringify(accounts.data, null, 2)}</pre>
        </section>
      </div>
    </>
  );
}
