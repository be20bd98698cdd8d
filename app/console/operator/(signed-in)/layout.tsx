import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { requireOperator } from '@/bff/console/operator-session';
import { ConsoleFrame } from '@/components/console/console-frame';

/**
 * Every page of the operator section: signed in with the operator key (its own sealed cookie, not
 * a merchant's session), the merchants, sign-out.
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const [, t] = await Promise.all([requireOperator(), getTranslations('console.operator')]);
  return (
    <ConsoleFrame
      brand={t('brand')}
      signedIn={
        <span className="console-merchant" data-testid="operator-signed-in">
          {t('signedIn')}
        </span>
      }
      signOutAction="/console/bff/operator/sign-out"
      nav={
        <nav aria-label={t('nav.label')} className="console-nav">
          <ul>
            <li>
              <Link href="/console/operator">{t('nav.merchants')}</Link>
            </li>
          </ul>
        </nav>
      }
    >
      {children}
    </ConsoleFrame>
  );
}
