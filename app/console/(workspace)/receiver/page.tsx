import { getTranslations } from 'next-intl/server';
import { requireSignedIn } from '@/bff/console/pages';
import { failureDetail, loadReceiver, RECEIVER_PAGE_SIZE } from '@/bff/console/receiver';
import { CopyButton } from '@/components/console/copy-button';
import { ReceiverMessages } from '@/components/console/callbacks/receiver-messages';

/** The merchant's built-in callback receiver: its URL, and what arrived there, live. */
export default async function ReceiverPage() {
  const [{ api }, t] = await Promise.all([requireSignedIn(), getTranslations('console')]);
  const loaded = await loadReceiver(api);
  const receiver = 'receiver' in loaded ? loaded.receiver : undefined;
  return (
    <>
      <h1>{t('receiver.title')}</h1>
      <p>{t('receiver.lead')}</p>
      {'failure' in loaded && (
        <p className="console-alert" role="alert">
          {t('receiver.loadFailed', { detail: failureDetail(loaded.failure) })}
        </p>
      )}
      {receiver && (
        <section className="console-card" aria-labelledby="receiver-url">
          <h2 id="receiver-url">{t('receiver.url')}</h2>
          <div className="console-actions">
            <code className="console-value" data-testid="receiver-url">
              {receiver.url}
            </code>
            <CopyButton short value={receiver.url} label={t('receiver.url')} />
          </div>
        </section>
      )}
      <ReceiverMessages initial={receiver} limit={RECEIVER_PAGE_SIZE} />
    </>
  );
}
