import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '@/components/layout/locale-switcher';

/**
 * The frame of the console's signed-in pages (a merchant's workspace, the operator section): the
 * skip link, a header row with the brand, who is signed in, the language and sign-out, then the
 * section's navigation, and the page in `main`.
 */
export async function ConsoleFrame({
  brand,
  signedIn,
  signOutAction,
  nav,
  children,
}: {
  brand: string;
  /** Who is signed in, between the brand and the actions. */
  signedIn: ReactNode;
  /** The BFF route the sign-out form posts to. */
  signOutAction: string;
  nav: ReactNode;
  children: ReactNode;
}) {
  const t = await getTranslations('console');
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="console-top">
        <div className="console-top-row">
          <span className="console-brand">{brand}</span>
          {signedIn}
          <div className="console-top-actions">
            <LocaleSwitcher />
            <form method="post" action={signOutAction}>
              <button type="submit" className="console-button">
                {t('signOut')}
              </button>
            </form>
          </div>
        </div>
        {nav}
      </header>
      <main id="main" className="console-main">
        {children}
      </main>
    </>
  );
}
