'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { HeadersList } from './headers-list';

export interface AttemptLike {
  startedAt: string;
  durationMs: number;
  url: string;
  requestHeaders?: Record<string, string> | undefined;
  responseStatus?: number | undefined;
  responseExcerpt?: string | undefined;
  error?: string | undefined;
}

/** One HTTP attempt of a callback (logged or a test): when, where, how it answered, what it sent. */
export function AttemptDetails({ attempt }: { attempt: AttemptLike }) {
  const t = useTranslations('console.callbacks.attempt');
  const format = useFormatter();
  return (
    <>
      <dl className="console-kv">
        <dt>{t('startedAt')}</dt>
        <dd>
          <time dateTime={attempt.startedAt}>
            {format.dateTime(new Date(attempt.startedAt), { dateStyle: 'medium', timeStyle: 'long' })}
          </time>
        </dd>
        <dt>{t('duration')}</dt>
        <dd>{t('durationValue', { ms: attempt.durationMs })}</dd>
        <dt>{t('url')}</dt>
        <dd>
          <code>{attempt.url}</code>
        </dd>
        <dt>{t('responseStatus')}</dt>
        <dd data-testid="response-status">{attempt.responseStatus ?? t('noResponse')}</dd>
        {attempt.error && (
          <>
            <dt>{t('error')}</dt>
            <dd>{attempt.error}</dd>
          </>
        )}
      </dl>
      <details>
        <summary>{t('requestHeaders')}</summary>
        {attempt.requestHeaders ? (
          <HeadersList headers={attempt.requestHeaders} />
        ) : (
          <p className="console-hint">{t('headersNotLogged')}</p>
        )}
      </details>
      {attempt.responseExcerpt !== undefined && attempt.responseExcerpt !== '' && (
        <details>
          <summary>{t('responseExcerpt')}</summary>
          <pre tabIndex={0}>{attempt.responseExcerpt}</pre>
        </details>
      )}
    </>
  );
}
