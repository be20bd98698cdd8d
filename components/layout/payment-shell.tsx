import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { LockIcon } from '../ui/icons';
import { LocaleSwitcher } from './locale-switcher';

/** Every hosted page: skip link, language switcher, the test banner when sandboxed, the content, the live region. */
export async function PaymentShell({
  children,
  isTest = false,
  sandboxControls = false,
  testNote,
  amountUnbound = false,
  live,
}: {
  children: ReactNode;
  isTest?: boolean;
  /** The page shows sandbox controls: the banner points to them (and only then). */
  sandboxControls?: boolean;
  /** More for the test banner (what a magic amount will do). */
  testNote?: string | undefined;
  /** A test link whose token leaves the amount open: the banner says a live link must bind it. */
  amountUnbound?: boolean;
  live?: ReactNode;
}) {
  const t = await getTranslations('common');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('securedBy')}
      </a>
      <div className="shell">
        <header className="topbar">
          <span className="secured">
            <LockIcon /> {t('securedBy')}
          </span>
          <LocaleSwitcher />
        </header>
        <main id="main">
          {isTest && (
            <p className="test-banner" role="note" data-testid="test-banner">
              {t('testBanner')}
              {sandboxControls && ` ${t('testBannerControls')}`}
              {testNote && ` ${testNote}`}
            </p>
          )}
          {isTest && amountUnbound && (
            <p className="test-banner" role="note" data-testid="unbound-banner">
              {t('unboundBanner')}
            </p>
          )}
          {children}
          {/* Same place on every screen of a payment, so it survives the switch to the final screen. */}
          {live}
        </main>
      </div>
    </>
  );
}
