import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '@/components/layout/locale-switcher';

/** The frame of the console's sign-in pages (people's and the operator's): brand, language, one card. */
export async function AuthFrame({ brand, children }: { brand?: string; children: ReactNode }) {
  const t = await getTranslations('console');
  return (
    <div className="console-auth">
      <header className="console-auth-top">
        <span className="console-brand">{brand ?? t('brand')}</span>
        <LocaleSwitcher />
      </header>
      <main id="main" className="console-card console-signin">
        {children}
      </main>
    </div>
  );
}

/**
 * Why the visitor is back on a sign-in page: an error as an alert, a calm outcome (signed out) as a
 * status, so screen readers announce each as what it is.
 */
export function AuthNotice({
  calm,
  testId,
  children,
}: {
  calm: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <p
      className={calm ? 'console-note' : 'console-alert'}
      role={calm ? 'status' : 'alert'}
      data-testid={testId}
    >
      {children}
    </p>
  );
}
