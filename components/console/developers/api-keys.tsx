'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { ApiKeyResource } from '@/lib/api/api-key-responses';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, formatInstant } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { RequestProblem } from '../request-problem';
import { ScriptButton } from '../../ui/script-button';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A list typed one item per line, with its hint. */
function LinesField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        rows={props.rows}
        aria-describedby={`${props.id}-hint`}
      />
      <p id={`${props.id}-hint`} className="console-hint">
        {props.hint}
      </p>
    </>
  );
}

/**
 * The merchant's API keys (docs/decisions/033): each with its limits and last use; a new key's
 * secret shown once; revoking asks first and takes effect everywhere within seconds.
 */
export function ApiKeys() {
  const t = useTranslations('console.developers.keys');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: () => consoleFetch<{ data: ApiKeyResource[] }>('/console/bff/api/api-keys'),
  });
  const [name, setName] = useState('');
  const [operations, setOperations] = useState('');
  const [addresses, setAddresses] = useState('');
  const [expires, setExpires] = useState('');
  const [revoking, setRevoking] = useState<ApiKeyResource | undefined>();
  const create = useMutation({
    mutationFn: () =>
      consoleFetch<ApiKeyResource & { secret: string }>('/console/bff/api/api-keys', {
        method: 'POST',
        body: {
          name,
          ...(lines(operations).length > 0 && { operations: lines(operations) }),
          ...(lines(addresses).length > 0 && { allowedAddresses: lines(addresses) }),
          ...(expires && { expiresAt: new Date(`${expires}T23:59:59Z`).toISOString() }),
        },
      }),
    onSuccess: () => {
      setName('');
      setOperations('');
      setAddresses('');
      setExpires('');
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKeyResource) =>
      consoleFetch<ApiKeyResource>(`/console/bff/api/api-keys/${key.idKey}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const created = create.data;

  return (
    <>
      {created && (
        <div className="console-note" role="status" data-testid="api-key-created">
          <p>{t('created', { name: created.name })}</p>
          <p className="console-actions">
            <code className="console-value" data-testid="api-key-secret">
              {created.secret}
            </code>
            <CopyButton short value={created.secret} label={t('secret')} />
          </p>
          <p className="console-hint">{t('shownOnce')}</p>
        </div>
      )}
      {keys.error && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: keys.error.message })}
        </p>
      )}
      {keys.data && keys.data.data.length === 0 && <p className="console-muted">{t('none')}</p>}
      {keys.data && keys.data.data.length > 0 && (
        <div className="console-table-wrap" tabIndex={0} role="region" aria-label={t('title')}>
          <table className="console-table" data-testid="api-keys">
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('limits')}</th>
                <th scope="col">{t('createdAt')}</th>
                <th scope="col">{t('lastUsed')}</th>
                <th scope="col">{t('state')}</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((key) => (
                <tr key={key.idKey}>
                  <td>
                    {key.name}
                    <br />
                    <code className="console-muted">{key.idKey}</code>
                  </td>
                  <td>
                    {key.operations ? key.operations.join(', ') : t('anyOperation')}
                    {key.allowedAddresses && (
                      <>
                        <br />
                        {t('from', { addresses: key.allowedAddresses.join(', ') })}
                      </>
                    )}
                    {key.expiresAt && (
                      <>
                        <br />
                        {t('expires', { when: formatInstant(locale, key.expiresAt, timeZone) })}
                      </>
                    )}
                  </td>
                  <td>{formatInstant(locale, key.createdAt, timeZone)}</td>
                  <td>{key.lastUsedAt ? formatInstant(locale, key.lastUsedAt, timeZone) : t('never')}</td>
                  <td>
                    {key.revokedAt ? (
                      t('revokedAt', { when: formatInstant(locale, key.revokedAt, timeZone) })
                    ) : (
                      <ScriptButton
                        className="console-button danger"
                        onClick={() => setRevoking(key)}
                        disabled={revoke.isPending}
                        data-testid={`revoke-${key.idKey}`}
                      >
                        {t('revoke')}
                      </ScriptButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <ConfirmStep
          question={t('confirmRevoke', { name: revoking.name })}
          confirmLabel={t('revoke')}
          backLabel={t('keep')}
          danger
          pending={revoke.isPending}
          onConfirm={() => {
            revoke.mutate(revoking);
            setRevoking(undefined);
          }}
          onBack={() => setRevoking(undefined)}
          testId="api-key-revoke-confirm"
        />
      )}
      <form onSubmit={submit} className="console-form" aria-labelledby="new-key-heading">
        <h3 id="new-key-heading">{t('newTitle')}</h3>
        <label htmlFor="key-name">{t('name')}</label>
        <input
          id="key-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
        />
        <LinesField
          id="key-operations"
          label={t('operations')}
          hint={t('operationsHint')}
          value={operations}
          onChange={setOperations}
          rows={3}
        />
        <LinesField
          id="key-addresses"
          label={t('addresses')}
          hint={t('addressesHint')}
          value={addresses}
          onChange={setAddresses}
          rows={2}
        />
        <label htmlFor="key-expires">{t('expiresOn')}</label>
        <input
          id="key-expires"
          type="date"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
        <RequestProblem error={create.error} title={t('createProblem')} testId="api-key-problem" />
        <ScriptButton type="submit" className="console-button primary" disabled={create.isPending}>
          {t('create')}
        </ScriptButton>
      </form>
    </>
  );
}
