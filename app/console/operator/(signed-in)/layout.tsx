import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { requireOperator } from '@/bff/console/operator-session';
import { LocaleSwitcher } from '@/components/layout/locale-switcher';

/**
 * Every page of the operator section: signed in with the operator key (its own sealed cookie, not
 * a merchant's session), the merchants, sign-out.
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const [, t] = await Promise.all([requireOperator(), getTranslations('console')]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="console-top">
        <div className="console-top-row">
          <span className="console-brand">{t('operator.brand')}</span>
          <span className="console-merchant" data-testid="operator-signed-in">
            {t('operator.signedIn')}
          </span>
          <div className="console-top-actions">
            <LocaleSwitcher />
            <form method="post" action="/console/bff/operator/sign-out">
              <button type="submit" className="console-button">
                {t('signOut')}
              </button>
            </form>
          </div>
        </div>
        <nav aria-label={t('operator.nav.label')} className="console-nav">
          <ul>
            <li>
              <Link href="/console/operator">{t('operator.nav.merchants')}</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" className="console-main">
        {children}
      </main>
    </>
  );
}
