'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { CallbackTestAttempt } from '@/lib/api/callback-responses';
import { consoleFetch } from '../console-fetch';
import { AttemptDetails } from './attempt-details';
import { prettyJson } from './headers-list';
import { ScriptButton } from '../../ui/script-button';

const OUTCOME_BADGE = { DELIVERED: 'success', FAILED: 'refused' } as const;

/** Sends one signed test callback (POST /callbacks/!test through the proxy) and shows the attempt. */
export function TestCallbackForm({ defaultUrl }: { defaultUrl: string }) {
  const t = useTranslations('console.callbacks');
  const id = useId();
  const [url, setUrl] = useState(defaultUrl);
  const send = useMutation({
    mutationFn: (target: string) =>
      consoleFetch<CallbackTestAttempt>('/console/bff/api/callbacks/!test', {
        method: 'POST',
        body: { url: target },
      }),
  });
  return (
    <section className="console-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('test.title')}</h2>
      <p className="console-hint">{t('test.lead')}</p>
      <form
        className="console-form"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(url.trim());
        }}
      >
        <label htmlFor={`${id}-url`}>{t('test.url')}</label>
        <input
          id={`${id}-url`}
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="console-hint">
          {t('test.urlHint')}
        </p>
        <div className="console-actions">
          <ScriptButton type="submit" className="console-button primary" disabled={send.isPending}>
            {send.isPending ? t('test.sending') : t('test.send')}
          </ScriptButton>
        </div>
      </form>
      <div aria-live="polite">
        {send.error && (
          <p className="console-alert" role="alert">
            {t('test.failed', { detail: send.error.message })}
          </p>
        )}
        {send.data && (
          <div data-testid="test-callback-result">
            <h3>
              {t('test.result')}{' '}
              <span className={`badge ${OUTCOME_BADGE[send.data.outcome]}`}>
                {t(`outcome.${send.data.outcome}`)}
              </span>
            </h3>
            <AttemptDetails attempt={send.data} />
            <details>
              <summary>{t('test.body')}</summary>
              <pre tabIndex={0}>{prettyJson(send.data.body)}</pre>
            </details>
          </div>
        )}
      </div>
    </section>
  );
}
