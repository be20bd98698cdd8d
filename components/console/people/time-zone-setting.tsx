'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { consoleFetch } from '../console-fetch';
import { ScriptButton } from '../../ui/script-button';

/** The merchant's time zone for everyone's console (owners and admins change it). */
export function TimeZoneSetting({ current, choices }: { current: string; choices: readonly string[] }) {
  const t = useTranslations('console.account');
  const router = useRouter();
  const [zone, setZone] = useState(current);
  const save = useMutation({
    mutationFn: () =>
      consoleFetch<{ timeZone: string }>('/console/bff/team/settings', {
        method: 'PATCH',
        body: { timeZone: zone },
      }),
    onSuccess: () => router.refresh(),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="console-form">
      <label htmlFor="time-zone">{t('timeZone')}</label>
      <select id="time-zone" value={zone} onChange={(event) => setZone(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <p className="console-hint">{t('timeZoneHint')}</p>
      <ScriptButton type="submit" className="console-button primary" disabled={save.isPending}>
        {t('save')}
      </ScriptButton>
      <p
        role="status"
        className={save.error ? 'console-alert' : save.isSuccess ? 'console-hint' : 'visually-hidden'}
        data-testid="time-zone-outcome"
      >
        {save.error ? t('saveFailed', { detail: save.error.message }) : save.isSuccess ? t('saved') : ''}
      </p>
    </form>
  );
}
