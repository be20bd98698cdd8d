'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { consoleFetch } from '../console-fetch';
import { callbackLogQuery, type CallbackLogFilters, type CallbackLogPage } from '@/lib/console/callback-log';
import { DeliveryCard } from './delivery-card';
import { ScriptButton } from '../../ui/script-button';

const REFRESH_MS = 3000;

/**
 * The merchant's callback log, live: the page refreshes every 3 s through the console's BFF (which
 * adds each attempt's signature verdict), pages by cursor, and (test merchants) redelivers.
 */
export function CallbackLog({
  filters,
  initialPage,
  canRedeliver,
}: {
  filters: Omit<CallbackLogFilters, 'cursor'>;
  initialPage: CallbackLogPage | undefined;
  canRedeliver: boolean;
}) {
  const t = useTranslations('console.callbacks');
  const queryClient = useQueryClient();
  // The cursors of the pages opened so far; the first page has none.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const [announcement, setAnnouncement] = useState('');
  const log = useQuery({
    queryKey: ['console-callbacks', filters.idPayin, filters.status, cursor],
    queryFn: () =>
      consoleFetch<CallbackLogPage>(`/console/bff/callbacks?${callbackLogQuery({ ...filters, cursor })}`),
    initialData: cursor === undefined ? initialPage : undefined,
    refetchInterval: REFRESH_MS,
  });
  const redeliver = useMutation({
    mutationFn: (idPayin: string) =>
      consoleFetch(`/console/bff/api/payins/${encodeURIComponent(idPayin)}/callbacks/!redeliver`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: (_, idPayin) => {
      setAnnouncement(t('redeliver.queued', { idPayin }));
      void queryClient.invalidateQueries({ queryKey: ['console-callbacks'] });
    },
    onError: (error) => setAnnouncement(t('redeliver.failed', { detail: error.message })),
  });

  const page = log.data;
  const filtered = filters.idPayin !== undefined || filters.status !== undefined;
  return (
    <section aria-label={t('title')}>
      <p role="status" className="console-hint">
        {announcement}
      </p>
      {log.error && !page && (
        <p className="console-alert" role="alert">
          {t('loadFailed', { detail: log.error.message })}
        </p>
      )}
      {page && page.data.length === 0 && <p>{filtered ? t('emptyFiltered') : t('empty')}</p>}
      {page?.data.map((delivery, index) => (
        <DeliveryCard
          key={delivery.eventId}
          delivery={delivery}
          redeliver={
            // The API redelivers a payin's latest callback: offered on that one only (newest first).
            canRedeliver &&
            delivery.idPayin !== undefined &&
            page.data.findIndex((other) => other.idPayin === delivery.idPayin) === index
              ? {
                  onClick: () => redeliver.mutate(delivery.idPayin ?? ''),
                  pending: redeliver.isPending && redeliver.variables === delivery.idPayin,
                }
              : undefined
          }
        />
      ))}
      {(cursors.length > 1 || page?.nextCursor) && (
        <nav aria-label={t('pager.label')} className="console-pager">
          <ScriptButton
            className="console-button"
            disabled={cursors.length <= 1}
            onClick={() => setCursors((opened) => opened.slice(0, -1))}
          >
            {t('pager.newer')}
          </ScriptButton>
          <ScriptButton
            className="console-button"
            disabled={!page?.nextCursor}
            onClick={() => {
              const next = page?.nextCursor;
              if (next) setCursors((opened) => [...opened, next]);
            }}
          >
            {t('pager.older')}
          </ScriptButton>
        </nav>
      )}
    </section>
  );
}
