import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { currentSession } from '@/bff/console/session';
import { consoleLocaleOf } from '@/i18n/locales';
import { QueryProvider } from '@/components/live/query-provider';
import './console.css';

// Same-origin, not the payment pages' no-referrer: the console's posts must show their origin
// (bff/requests.ts isConsoleSameOrigin; decision 026 addendum).
export const metadata: Metadata = { title: 'Merchant console', referrer: 'same-origin' };

/**
 * The merchant console: its own messages (the `console` namespace, English where it is not
 * translated, marked as such for screen readers), react-query for its live views.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const [locale, messages, signedIn] = await Promise.all([getLocale(), getMessages(), currentSession()]);
  return (
    <div className="console" lang={consoleLocaleOf(locale)}>
      <NextIntlClientProvider
        locale={locale}
        messages={{ console: (messages as Record<string, unknown>).console as Record<string, string> }}
        // The merchant's time zone (a setting of owners and admins); UTC before sign-in.
        timeZone={signedIn?.session.timeZone ?? 'UTC'}
      >
        <QueryProvider>{children}</QueryProvider>
      </NextIntlClientProvider>
    </div>
  );
}
