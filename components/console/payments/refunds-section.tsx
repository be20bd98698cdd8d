'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import type { RefundList, RefundResource } from '@/lib/api/refund-responses';
import {
  newIdRefund,
  REFUND_REASON_MAX,
  refundFormErrors,
  refundMagicNote,
  refundRequestOf,
  type RefundForm,
} from '@/lib/console/refund-form';
import { OperatorName } from '../method-name';
import { formatMoney } from '@/lib/format/money-format';
import type { CurrencyCode } from '@/lib/money/currencies';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, ConsoleRequestError, formatInstant } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { ledgerKey } from '../ledger/ledger-section';
import { describedBy, Field } from '../scenarios/field';
import { StatusBadge } from '../status-badge';
import { ScriptButton } from '../../ui/script-button';

type Money = { amount: number; currencyCode: string };

/**
 * A payment's refunds (docs/decisions/036): what was refunded, is on its way and remains, each
 * refund with where its money goes or the claim link to send the payer, and (for the roles that
 * move money, on a successful payment) the form that refunds it in full or in part, after a
 * confirmation. Its ledger lines appear in the payment's ledger section below.
 */
export function RefundsSection({
  idPayin,
  canRefund,
  isTest,
}: {
  idPayin: string;
  canRefund: boolean;
  isTest: boolean;
}) {
  const t = useTranslations('console.payment.refunds');
  const status = useTranslations('console.status');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const path = `/console/bff/api/payins/${encodeURIComponent(idPayin)}/refunds` as const;
  const list = useQuery({
    queryKey: ['payin-refunds', idPayin],
    queryFn: () => consoleFetch<RefundList>(path),
    refetchInterval: 2500,
  });
  const money = (value: Money) => formatMoney(locale, value.amount, value.currencyCode as CurrencyCode);
  const refundable = list.data?.refundable;

  return (
    <section className="console-card" aria-labelledby="refunds-heading" data-testid="refunds-section">
      <h2 id="refunds-heading">{t('title')}</h2>
      <p className="console-hint">{t('lead')}</p>
      {list.error && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: list.error.message })}
        </p>
      )}
      {list.data && (
        <>
          <dl className="console-kv">
            <dt>{t('refunded')}</dt>
            <dd data-testid="refunded-total">{money(list.data.refunded)}</dd>
            <dt>{t('pending')}</dt>
            <dd>{money(list.data.refundPending)}</dd>
            <dt>{t('refundable')}</dt>
            <dd data-testid="refundable-total">{money(list.data.refundable)}</dd>
          </dl>
          {list.data.data.length === 0 ? (
            <p className="console-hint">{t('empty')}</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table stacked" data-testid="refunds-table">
                <caption className="visually-hidden">{t('title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.id')}</th>
                    <th scope="col" className="money-cell">
                      {t('columns.amount')}
                    </th>
                    <th scope="col">{t('columns.status')}</th>
                    <th scope="col">{t('columns.to')}</th>
                    <th scope="col">{t('columns.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((refund) => (
                    <tr key={refund.idRefund} data-testid="refund-row" data-id-refund={refund.idRefund}>
                      <td data-label={t('columns.id')}>
                        <span className="break-anywhere">
                          <code>{refund.idRefund}</code>
                          {refund.reason && <span className="console-muted"> · {refund.reason}</span>}
                        </span>
                      </td>
                      <td data-label={t('columns.amount')} className="money-cell">
                        {money(refund.money)}
                      </td>
                      <td data-label={t('columns.status')}>
                        <StatusBadge
                          status={refund.status}
                          label={status(refund.status)}
                          processorStatus={refund.processorStatus}
                          testId="refund-status"
                        />
                      </td>
                      <td data-label={t('columns.to')}>
                        <Destination refund={refund} />
                      </td>
                      <td data-label={t('columns.created')}>
                        {formatInstant(locale, refund.createdAt, timeZone)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {/* Only a successful payment has anything refundable: the form appears once it succeeds. */}
          {canRefund && refundable && refundable.amount > 0 && (
            <RefundFormView
              idPayin={idPayin}
              refundable={refundable}
              isTest={isTest}
              onDone={() => {
                void client.invalidateQueries({ queryKey: ['payin-refunds', idPayin] });
                void client.invalidateQueries({ queryKey: ['payin', idPayin] });
                void client.invalidateQueries({ queryKey: ['payin-callbacks', idPayin] });
                void client.invalidateQueries({ queryKey: ledgerKey({ idPayin }) });
                void client.invalidateQueries({ queryKey: ['balances'] });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

/** Where a refund's money goes: the account's last characters, or the claim link while it waits. */
function Destination({ refund }: { refund: RefundResource }) {
  const t = useTranslations('console.payment.refunds');
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (refund.destination) {
    const account = refund.destination.account.accountNumber;
    return (
      <span>
        {t(`to.${refund.destination.source}`, { ending: account.slice(-4) })}
        {refund.destination.paymentOperator && (
          <span className="console-muted">
            {' · '}
            <OperatorName
              operator={refund.destination.paymentOperator}
              currency={refund.money.currencyCode}
            />
          </span>
        )}
      </span>
    );
  }
  if (refund.claimUrl)
    return (
      <span className="stack-tight" data-testid="refund-claim">
        <span>{t('claimWaiting', { date: formatInstant(locale, refund.claimExpiresAt, timeZone) })}</span>
        <a href={refund.claimUrl} target="_blank" rel="noreferrer noopener" data-testid="refund-claim-link">
          {t('claimLink')}
        </a>
        <CopyButton value={refund.claimUrl} label={t('copyClaimLink')} />
      </span>
    );
  return <span className="console-muted">{t('notClaimed')}</span>;
}

function RefundFormView({
  idPayin,
  refundable,
  isTest,
  onDone,
}: {
  idPayin: string;
  refundable: { amount: number; currencyCode: CurrencyCode };
  isTest: boolean;
  onDone: () => void;
}) {
  const t = useTranslations('console.payment.refunds');
  const locale = useLocale();
  const [form, setForm] = useState<RefundForm>({ amount: String(refundable.amount), reason: '' });
  const [shown, setShown] = useState<Partial<Record<keyof RefundForm, string>>>({});
  const [confirming, setConfirming] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const max = formatMoney(locale, refundable.amount, refundable.currencyCode);
  const errorText = (key: string) => t(`form.errors.${key}`, { max, limit: REFUND_REASON_MAX });

  const send = useMutation({
    mutationFn: (idRefund: string) =>
      consoleFetch<RefundResource>(
        `/console/bff/api/payins/${encodeURIComponent(idPayin)}/refunds/${encodeURIComponent(idRefund)}`,
        { method: 'POST', body: refundRequestOf(form, refundable.currencyCode) },
      ),
    onSuccess: (refund) => {
      setOutcome({
        ok: true,
        text: refund.claimUrl
          ? t('doneClaim', { idRefund: refund.idRefund })
          : t('done', { idRefund: refund.idRefund }),
      });
      setForm({ amount: '', reason: '' });
      onDone();
    },
    onError: (error) =>
      setOutcome({
        ok: false,
        text: error instanceof ConsoleRequestError ? (error.problem?.detail ?? error.message) : error.message,
      }),
  });

  const magic = isTest ? refundMagicNote(form.amount, refundable.currencyCode) : undefined;
  const amountError = shown.amount;
  const reasonError = shown.reason;
  return (
    <form
      className="scenario-form"
      aria-labelledby="refund-form-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setOutcome(undefined);
        const errors = refundFormErrors(form, refundable);
        setShown(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, errorText(key)])));
        if (Object.keys(errors).length === 0) setConfirming(newIdRefund());
      }}
    >
      <h3 id="refund-form-heading">{t('form.title')}</h3>
      <Field
        id="refund-amount"
        label={t('form.amount', { currency: refundable.currencyCode })}
        hint={t('form.amountHint', { max })}
        error={amountError}
      >
        <input
          id="refund-amount"
          inputMode="decimal"
          autoComplete="off"
          value={form.amount}
          onChange={(event) => setForm({ ...form, amount: event.target.value })}
          {...describedBy('refund-amount', { hint: true, error: amountError })}
        />
      </Field>
      {magic && (
        <p className="console-hint" data-testid="refund-magic">
          {magic === 'manual'
            ? t('form.magicManual')
            : t('form.magicOutcome', { status: magic.status, processorStatus: magic.processorStatus })}
        </p>
      )}
      <Field id="refund-reason" label={t('form.reason')} hint={t('form.reasonHint')} error={reasonError}>
        <input
          id="refund-reason"
          autoComplete="off"
          value={form.reason}
          maxLength={REFUND_REASON_MAX + 50}
          onChange={(event) => setForm({ ...form, reason: event.target.value })}
          {...describedBy('refund-reason', { hint: true, error: reasonError })}
        />
      </Field>
      <div className="console-actions">
        <ScriptButton
          type="submit"
          className="console-button danger"
          disabled={send.isPending || confirming !== undefined}
          data-testid="refund-submit"
        >
          {t('form.submit')}
        </ScriptButton>
      </div>
      {confirming && (
        <ConfirmStep
          question={t('confirm.question', {
            amount: formatMoney(locale, form.amount.trim(), refundable.currencyCode),
            idPayin,
          })}
          confirmLabel={t('confirm.yes')}
          backLabel={t('confirm.keep')}
          danger
          pending={send.isPending}
          onConfirm={() => {
            const idRefund = confirming;
            setConfirming(undefined);
            send.mutate(idRefund);
          }}
          onBack={() => setConfirming(undefined)}
          testId="refund-confirm"
        />
      )}
      <p
        role="status"
        className={outcome ? (outcome.ok ? 'console-hint' : 'console-alert') : 'visually-hidden'}
        data-testid="refund-outcome"
      >
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}
