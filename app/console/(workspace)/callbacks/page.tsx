import { getTranslations } from 'next-intl/server';
import { loadCallbackLog } from '@/bff/console/callbacks';
import { requireSignedIn } from '@/bff/console/pages';
import { allows } from '@/bff/console/session';
import { failureDetail, loadReceiver } from '@/bff/console/receiver';
import { CallbackFilters } from '@/components/console/callbacks/callback-filters';
import { CallbackLog } from '@/components/console/callbacks/callback-log';
import { TestCallbackForm } from '@/components/console/callbacks/test-callback-form';
import { callbackLogFilters } from '@/lib/console/callback-log';

interface CallbacksPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Every callback delivery of the merchant, live, with its attempts; redelivered and tested by the roles that may. */
export default async function CallbacksPage({ searchParams }: CallbacksPageProps) {
  const [{ api, session }, t, query] = await Promise.all([
    requireSignedIn(),
    getTranslations('console'),
    searchParams,
  ]);
  const { idPayin, status } = callbackLogFilters({
    get: (name) => {
      const value = query[name];
      return typeof value === 'string' ? value : undefined;
    },
  });
  const [log, receiver] = await Promise.all([
    loadCallbackLog(api, { idPayin, status }),
    allows(session, 'callbacks.manage') ? loadReceiver(api, 1) : undefined,
  ]);
  return (
    <>
      <h1>{t('callbacks.title')}</h1>
      <p className="console-hint">{t('callbacks.lead')}</p>
      {allows(session, 'callbacks.manage') && (
        <TestCallbackForm defaultUrl={receiver && 'receiver' in receiver ? receiver.receiver.url : ''} />
      )}
      <CallbackFilters filters={{ idPayin, status }} />
      {'failure' in log && (
        <p className="console-alert" role="alert">
          {t('callbacks.loadFailed', { detail: failureDetail(log.failure) })}
        </p>
      )}
      <CallbackLog
        key={`${idPayin ?? ''}|${status ?? ''}`}
        filters={{ idPayin, status }}
        initialPage={'page' in log ? log.page : undefined}
        canRedeliver={allows(session, 'payments.manage')}
      />
    </>
  );
}
