import { getTranslations } from 'next-intl/server';
import { onCustomerHost } from '@/bff/origin';
import { localOperatorName } from '@/lib/methods/local-names';
import { AutoRedirect } from '../ui/auto-redirect';
import type { CompletionContext } from './types';

const AUTO_SECONDS = 5;

/**
 * Redirect methods: on to the institution (and back to this page afterwards). The automatic
 * redirect happens once per payment in a tab: coming back with the browser's Back button shows this
 * screen with its links instead of bouncing the customer to the bank again.
 */
export async function RedirectScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations('completion.redirect');
  const operator = context.response.paymentOperator;
  const institution = operator
    ? localOperatorName(context.locale, context.currency, operator)
    : context.merchant;
  // The simulated institution is ours: stay on the host the customer used (their session is there).
  const target = new URL(onCustomerHost(String(context.response.redirectTo)), 'http://relative.invalid');
  target.searchParams.set('return', `${context.paths.page}${context.paths.back}`);
  const href =
    target.origin === 'http://relative.invalid' ? `${target.pathname}${target.search}` : target.toString();
  return (
    <section className="card" aria-labelledby="redirect-title">
      <h1 id="redirect-title">{t('title', { institution })}</h1>
      <p>{t('body')}</p>
      <p>
        <a className="button" href={href} data-testid="redirect-link">
          {t('button', { institution })}
        </a>
      </p>
      <AutoRedirect
        href={href}
        onceKey={`redirected:${context.response.idPayin}`}
        messages={Array.from({ length: AUTO_SECONDS + 1 }, (_, seconds) => t('auto', { seconds }))}
        backMessage={t('cameBack', { institution })}
      />
    </section>
  );
}
