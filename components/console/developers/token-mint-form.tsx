'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { consoleFetch } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

const DEFAULT_OPERATIONS = 'GET /payins/.*\nPOST /payins/.*';

/** What the form sends to POST /auth-tokens; the BFF adds the merchant's code and secret. */
function tokenRequest(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const operations = text('operations')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const request: Record<string, unknown> = { operations, validitySecs: Number(text('validitySecs')) };
  if (text('idPayment')) request.idPayment = text('idPayment');
  if (text('amount') && text('currencyCode'))
    request.money = { amount: Number(text('amount')), currencyCode: text('currencyCode').toUpperCase() };
  return request;
}

/** Mints an API token with the signed-in merchant's credentials; the token is shown once. */
export function TokenMintForm() {
  const t = useTranslations('console.developers.mint');
  const id = useId();
  const [shown, setShown] = useState<string | undefined>();
  const mint = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      consoleFetch<{ token: string }>('/console/bff/api/auth-tokens', { method: 'POST', body }),
    onSuccess: (reply) => setShown(reply.token),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShown(undefined);
    mint.mutate(tokenRequest(new FormData(event.currentTarget)));
  };
  const field = (name: string) => `${id}-${name}`;
  return (
    <>
      <form className="console-form" onSubmit={submit}>
        <label htmlFor={field('operations')}>{t('operations')}</label>
        <textarea
          id={field('operations')}
          name="operations"
          rows={4}
          required
          defaultValue={DEFAULT_OPERATIONS}
          spellCheck={false}
          aria-describedby={field('operations-hint')}
        />
        <p id={field('operations-hint')} className="console-hint">
          {t('operationsHint')}
        </p>
        <label htmlFor={field('validitySecs')}>{t('validitySecs')}</label>
        <input
          id={field('validitySecs')}
          name="validitySecs"
          type="number"
          min={1}
          step={1}
          defaultValue={1800}
          required
        />
        <label htmlFor={field('idPayment')}>{t('idPayment')}</label>
        <input
          id={field('idPayment')}
          name="idPayment"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={field('idPayment-hint')}
        />
        <p id={field('idPayment-hint')} className="console-hint">
          {t('idPaymentHint')}
        </p>
        <label htmlFor={field('amount')}>{t('amount')}</label>
        <input
          id={field('amount')}
          name="amount"
          type="number"
          step="any"
          min={0}
          inputMode="decimal"
          aria-describedby={field('money-hint')}
        />
        <label htmlFor={field('currencyCode')}>{t('currencyCode')}</label>
        <input
          id={field('currencyCode')}
          name="currencyCode"
          maxLength={3}
          autoComplete="off"
          aria-describedby={field('money-hint')}
        />
        <p id={field('money-hint')} className="console-hint">
          {t('moneyHint')}
        </p>
        <div className="console-actions">
          <ScriptButton type="submit" className="console-button primary" disabled={mint.isPending}>
            {mint.isPending ? t('minting') : t('submit')}
          </ScriptButton>
        </div>
      </form>
      <div aria-live="polite">
        {mint.error && (
          <p className="console-alert" role="alert">
            {t('failed', { detail: mint.error.message })}
          </p>
        )}
        {shown && (
          <div className="console-card" data-testid="minted-token">
            <h3>{t('token')}</h3>
            <p className="console-hint">{t('shownOnce')}</p>
            <pre tabIndex={0} className="console-wrap">
              {shown}
            </pre>
            <div className="console-actions">
              <CopyButton short value={shown} label={t('token')} />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
