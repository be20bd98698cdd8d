'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { consoleFetch } from '../console-fetch';
import { CopyButton } from '../copy-button';

/** The callback signing secret: fetched only when Reveal is pressed, forgotten on Hide. */
export function SigningSecret() {
  const t = useTranslations('console.developers.secret');
  const reveal = useMutation({
    mutationFn: () => consoleFetch<{ secret: string }>('/console/bff/api/callbacks/signing-secret'),
  });
  const secret = reveal.data?.secret;
  return (
    <>
      <div className="console-actions">
        <span className="console-muted">{t('label')}:</span>
        {secret ? (
          <code className="console-value" data-testid="signing-secret">
            {secret}
          </code>
        ) : (
          <span data-testid="signing-secret-hidden">{reveal.isPending ? t('loading') : t('hidden')}</span>
        )}
      </div>
      <div className="console-actions">
        {secret ? (
          <>
            <button type="button" className="console-button" onClick={() => reveal.reset()}>
              {t('hide')}
            </button>
            <CopyButton short value={secret} label={t('label')} />
          </>
        ) : (
          <button
            type="button"
            className="console-button"
            onClick={() => reveal.mutate()}
            disabled={reveal.isPending}
          >
            {t('reveal')}
          </button>
        )}
      </div>
      {reveal.error && (
        <p className="console-alert" role="alert">
          {t('failed', { detail: reveal.error.message })}
        </p>
      )}
    </>
  );
}
