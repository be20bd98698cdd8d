import { getTranslations } from 'next-intl/server';
import type { CompletionContext } from './types';

/** Push methods: the approval request is on the customer's phone; the screen waits live. */
export async function PushScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations('completion.push');
  const push = context.response.pushNotification;
  return (
    <section className="card" aria-labelledby="push-title">
      <h1 id="push-title">{t('title')}</h1>
      <p>{t('body', { phone: push?.phoneNumber ?? '', amount: context.toPay })}</p>
      <p className="row" aria-hidden="true">
        <span className="spinner" /> {t('waiting')}
      </p>
    </section>
  );
}
