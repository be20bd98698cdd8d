'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { consoleFetch } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

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
            <ScriptButton className="console-button" onClick={() => reveal.reset()}>
              {t('hide')}
            </ScriptButton>
            <CopyButton short value={secret} label={t('label')} />
          </>
        ) : (
          <ScriptButton
            className="console-button"
            onClick={() => reveal.mutate()}
            disabled={reveal.isPending}
          >
            {t('reveal')}
          </ScriptButton>
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
