import { getTranslations } from 'next-intl/server';
import { AutoRedirect } from '../ui/auto-redirect';
import type { CompletionContext } from './types';

const AUTO_SECONDS = 5;

/** Redirect methods: on to the institution (and back to this page afterwards). */
export async function RedirectScreen({ context }: { context: CompletionContext }) {
  const t = await getTranslations('completion.redirect');
  const institution = context.response.paymentOperator?.name ?? context.merchant;
  const target = new URL(String(context.response.redirectTo));
  // The simulated institution comes back to this page; a real one to the merchant's returnUrl.
  target.searchParams.set('return', `${context.paths.page}${context.paths.back}`);
  const href = target.toString();
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
        messages={Array.from({ length: AUTO_SECONDS + 1 }, (_, seconds) => t('auto', { seconds }))}
      />
    </section>
  );
}
