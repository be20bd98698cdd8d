'use client';

import { useMutation } from '@tanstack/react-query';
import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmStep } from '../confirm-step';
import { consoleFetch, formatInstant } from '../console-fetch';
import { CopyButton } from '../copy-button';
import { ScriptButton } from '../../ui/script-button';

/** Overlaps offered, in hours: during one, callbacks carry a signature by each secret. */
const OVERLAPS = [0, 1, 24, 72] as const;

/**
 * Rotating the callback signing secret (docs/decisions/032): the new secret is shown once; the old
 * one keeps signing beside it for the chosen overlap, so receivers can switch without a gap.
 */
export function RotateSecret() {
  const t = useTranslations('console.developers.rotate');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const [hours, setHours] = useState<number>(24);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () =>
      consoleFetch<{ secret: string; previousSecretExpiresAt: string | null }>(
        '/console/bff/api/callbacks/signing-secret/!rotate',
        { method: 'POST', body: { overlapSeconds: hours * 3600 } },
      ),
  });
  return (
    <div className="console-form" data-testid="rotate-secret">
      <label htmlFor="rotate-overlap">{t('overlap')}</label>
      <select id="rotate-overlap" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
        {OVERLAPS.map((value) => (
          <option key={value} value={value}>
            {value === 0 ? t('noOverlap') : t('hours', { hours: value })}
          </option>
        ))}
      </select>
      <p className="console-hint">{t('hint')}</p>
      <p className="console-actions">
        <ScriptButton
          className="console-button"
          onClick={() => setConfirming(true)}
          disabled={rotate.isPending}
        >
          {t('rotate')}
        </ScriptButton>
      </p>
      {confirming && (
        <ConfirmStep
          question={hours === 0 ? t('confirmNow') : t('confirm', { hours })}
          confirmLabel={t('rotate')}
          backLabel={t('keep')}
          onConfirm={() => {
            setConfirming(false);
            rotate.mutate();
          }}
          onBack={() => setConfirming(false)}
          testId="rotate-confirm"
        />
      )}
      {rotate.data && (
        <div className="console-note" role="status" data-testid="rotated-secret">
          <p className="console-actions">
            <code className="console-value">{rotate.data.secret}</code>
            <CopyButton short value={rotate.data.secret} label={t('newSecret')} />
          </p>
          <p className="console-hint">
            {rotate.data.previousSecretExpiresAt
              ? t('previousUntil', {
                  when: formatInstant(locale, rotate.data.previousSecretExpiresAt, timeZone),
                })
              : t('previousGone')}
          </p>
        </div>
      )}
      {rotate.error && (
        <p className="console-alert" role="alert">
          {t('failed', { detail: rotate.error.message })}
        </p>
      )}
    </div>
  );
}
