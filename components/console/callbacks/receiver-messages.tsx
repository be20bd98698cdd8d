'use client';

import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import type { CallbackReceiverMessages } from '@/lib/api/callback-responses';
import { consoleFetch } from '../console-fetch';
import { HeadersList, prettyJson } from './headers-list';

const REFRESH_MS = 2000;

/** What the merchant's built-in receiver took in, newest first, refreshed every 2 s. */
export function ReceiverMessages({
  initial,
  limit,
}: {
  initial: CallbackReceiverMessages | undefined;
  limit: number;
}) {
  const t = useTranslations('console.receiver');
  const format = useFormatter();
  const receiver = useQuery({
    queryKey: ['console-receiver', limit],
    queryFn: () =>
      consoleFetch<CallbackReceiverMessages>(`/console/bff/api/callback-receiver?limit=${limit}`),
    initialData: initial,
    refetchInterval: REFRESH_MS,
  });
  const messages = receiver.data?.data;
  return (
    <section aria-labelledby="receiver-messages">
      <h2 id="receiver-messages">{t('messages')}</h2>
      <p className="console-hint">{t('live')}</p>
      {receiver.error && !messages && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: receiver.error.message })}
        </p>
      )}
      {messages?.length === 0 && <p>{t('empty')}</p>}
      {messages?.map((message) => {
        const time = format.dateTime(new Date(message.receivedAt), {
          dateStyle: 'medium',
          timeStyle: 'long',
        });
        return (
          <article
            key={message.id}
            className="console-card"
            aria-labelledby={`message-${message.id}`}
            data-testid="receiver-message"
          >
            <div className="console-card-head">
              <h3 id={`message-${message.id}`}>
                <time dateTime={message.receivedAt}>{t('message.heading', { time })}</time>
              </h3>
              <span
                className={`badge ${message.signatureVerified ? 'success' : 'refused'}`}
                data-testid="signature-verdict"
              >
                {message.signatureVerified ? t('signature.verified') : t('signature.notVerified')}
              </span>
            </div>
            <h4>{t('message.body')}</h4>
            <pre tabIndex={0}>{prettyJson(message.body)}</pre>
            <details>
              <summary>{t('message.headers')}</summary>
              <HeadersList headers={message.headers} />
            </details>
          </article>
        );
      })}
    </section>
  );
}
