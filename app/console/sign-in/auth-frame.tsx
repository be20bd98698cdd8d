import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '@/components/layout/locale-switcher';

/** The frame of the console's sign-in pages: brand, language, one card. */
export async function AuthFrame({ children }: { children: ReactNode }) {
  const t = await getTranslations('console');
  return (
    <div className="console-auth">
      <header className="console-auth-top">
        <span className="console-brand">{t('brand')}</span>
        <LocaleSwitcher />
      </header>
      <main id="main" className="console-card console-signin">
        {children}
      </main>
    </div>
  );
}
