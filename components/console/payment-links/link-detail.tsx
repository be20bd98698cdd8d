'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { PaymentLinkResource } from '@/lib/api/payment-link-responses';
import { linkIsOpen, mayDeactivate } from '@/lib/console/payment-links';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, ConsoleRequestError, FRESH_MS, formatInstant } from '../console-fetch';
import { MethodName } from '../method-name';
import { ScriptButton } from '../../ui/script-button';
import { linkAmountText } from './link-amount';
import { LinkPayins } from './link-payins';
import { LinkShare } from './link-share';
import { LinkStatusBadge } from './link-status-badge';
import { LINKS_KEY } from './links-table';

/**
 * One payment link, live while it may change (it takes payments, or some are still open): where
 * customers pay (URL, QR code, Share), its terms, its uses and payments, and (for the roles that
 * manage links) turning it off after a confirmation.
 */
export function LinkDetail({
  initial,
  mayManage,
}: {
  initial: PaymentLinkResource;
  /** The person's role manages links (links.manage). */
  mayManage: boolean;
}) {
  const t = useTranslations('console.paymentLinks.detail');
  const statuses = useTranslations('console.paymentLinks.statuses');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const client = useQueryClient();
  const idLink = initial.idLink;
  const key = ['payment-link', idLink];
  const path = `/console/bff/api/payment-links/${encodeURIComponent(idLink)}` as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => consoleFetch<PaymentLinkResource>(path),
    initialData: initial,
    staleTime: FRESH_MS,
    refetchInterval: (state) => (state.state.data && linkIsOpen(state.state.data) ? 3000 : false),
  });
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | undefined>();
  const deactivate = useMutation({
    mutationFn: () => consoleFetch<PaymentLinkResource>(`${path}/!deactivate`, { method: 'POST', body: {} }),
    onSuccess: (link) => {
      client.setQueryData(key, link);
      setOutcome({ ok: true, text: t('deactivate.done') });
    },
    onError: (error) => {
      setOutcome({
        ok: false,
        text: error instanceof ConsoleRequestError ? (error.problem?.detail ?? error.message) : error.message,
      });
      void client.invalidateQueries({ queryKey: key });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: LINKS_KEY }),
  });

  const link = query.data;
  const canDeactivate = mayManage && mayDeactivate(link.status);
  const currency = link.money?.currencyCode ?? link.amountRange?.currencyCode;

  return (
    <>
      <div className="console-card">
        <h1 className="payment-title">
          <span className="console-value">{idLink}</span>{' '}
          <LinkStatusBadge status={link.status} label={statuses(link.status)} />
        </h1>
        <p className="break-anywhere" data-testid="link-detail-description">
          {link.description}
        </p>
        {query.error && (
          <p className="console-alert" role="alert">
            {t('refreshFailed', { detail: query.error.message })}
          </p>
        )}
        <p className="console-hint" data-testid="link-status-hint">
          {t(`statusHints.${link.status}`)}
        </p>
        <dl className="console-kv" data-testid="link-terms">
          <dt>{link.amountRange ? t('range') : t('amount')}</dt>
          <dd data-testid="link-detail-amount">{linkAmountText(locale, link)}</dd>
          {currency && (
            <>
              <dt>{t('currency')}</dt>
              <dd>{currency}</dd>
            </>
          )}
          <dt>{t('methods')}</dt>
          <dd data-testid="link-detail-methods">
            {link.paymentMethodCodes && link.paymentMethodCodes.length > 0 ? (
              <ul className="operator-plain-list">
                {link.paymentMethodCodes.map((code) => (
                  <li key={code}>
                    <MethodName code={code} />
                  </li>
                ))}
              </ul>
            ) : (
              t('allMethods')
            )}
          </dd>
          <dt>{t('usageLimit')}</dt>
          <dd data-testid="link-detail-usage-limit">{link.usageLimit ?? t('unlimited')}</dd>
          <dt>{t('expireAt')}</dt>
          <dd>{link.expireAt ? formatInstant(locale, link.expireAt, timeZone) : t('never')}</dd>
          <dt>{t('callbackUrl')}</dt>
          <dd className="break-anywhere">
            <code>{link.callbackUrl}</code>
          </dd>
          {link.returnUrl && (
            <>
              <dt>{t('returnUrl')}</dt>
              <dd className="break-anywhere">
                <code>{link.returnUrl}</code>
              </dd>
            </>
          )}
          <dt>{t('mode')}</dt>
          <dd>{link.isTest ? t('test') : t('live')}</dd>
          <dt>{t('created')}</dt>
          <dd>{formatInstant(locale, link.createdAt, timeZone)}</dd>
          {link.deactivatedAt && (
            <>
              <dt>{t('deactivated')}</dt>
              <dd data-testid="link-deactivated-at">{formatInstant(locale, link.deactivatedAt, timeZone)}</dd>
            </>
          )}
        </dl>
        <h2 className="link-uses-title">{t('uses.title')}</h2>
        <dl className="console-kv" data-testid="link-uses">
          <dt>{t('uses.paid')}</dt>
          <dd data-testid="link-uses-paid">{link.uses.paid}</dd>
          <dt>{t('uses.pending')}</dt>
          <dd data-testid="link-uses-pending">{link.uses.pending}</dd>
          <dt>{t('uses.counted')}</dt>
          <dd data-testid="link-uses-counted">
            {link.usageLimit === undefined
              ? link.uses.counted
              : t('uses.ofLimit', { counted: link.uses.counted, limit: link.usageLimit })}
          </dd>
        </dl>
        {canDeactivate && (
          <div className="console-actions link-actions">
            <ScriptButton
              className="console-button danger"
              disabled={deactivate.isPending || confirming}
              onClick={() => {
                setOutcome(undefined);
                setConfirming(true);
              }}
              data-testid="link-deactivate"
            >
              {t('deactivate.action')}
            </ScriptButton>
          </div>
        )}
        {confirming && canDeactivate && (
          <div className="break-anywhere">
            <ConfirmStep
              question={t('deactivate.question', { idLink })}
              confirmLabel={t('deactivate.yes')}
              backLabel={t('deactivate.keep')}
              danger
              pending={deactivate.isPending}
              onConfirm={() => {
                setConfirming(false);
                deactivate.mutate();
              }}
              onBack={() => setConfirming(false)}
              testId="link-deactivate-confirm"
            />
          </div>
        )}
        {mayManage && (
          <p
            role="status"
            className={outcome ? (outcome.ok ? 'console-hint' : 'console-alert') : 'visually-hidden'}
            data-testid="link-action-outcome"
          >
            {outcome?.text ?? ''}
          </p>
        )}
      </div>

      {link.status !== 'INACTIVE' && link.status !== 'EXPIRED' ? (
        <LinkShare idLink={idLink} url={link.url} qrCodePng={link.qrCodePng} description={link.description} />
      ) : (
        <p className="console-card" data-testid="link-closed-note">
          {t('closedNote', { url: link.url })}
        </p>
      )}
      <LinkPayins payins={link.payins} />
    </>
  );
}
