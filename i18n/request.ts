import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { consoleLocaleOf, isLocale, LOCALE_COOKIE, negotiateLocale } from './locales';

/** The visitor's language: the switcher's cookie, else Accept-Language. The console's messages are the `console` namespace. */
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(chosen) ? chosen : negotiateLocale((await headers()).get('accept-language'));
  const consoleLocale = consoleLocaleOf(locale);
  const [own, consoleMessages, consoleOwn] = await Promise.all([
    import(`../messages/${locale}.json`) as Promise<{ default: Record<string, unknown> }>,
    // The console's messages: in its languages, else English (never a missing key).
    import(`../messages/console/${consoleLocale}.json`) as Promise<{
      default: Record<string, unknown>;
    }>,
    consoleLocale === locale
      ? undefined
      : (import(`../messages/${consoleLocale}.json`) as Promise<{ default: Record<string, unknown> }>),
  ]);
  return {
    locale,
    messages: {
      ...own.default,
      // The payment methods' names as customers read them, in the console's language (one list, the
      // hosted page's, so a method is called the same on both sides).
      console: {
        ...consoleMessages.default,
        methods: (consoleOwn ?? own).default.methods,
        // Payout methods as the refund claim page names them to payers (one list for both sides).
        payoutMethods: ((consoleOwn ?? own).default.refundClaim as Record<string, unknown>).methods,
      },
    },
    timeZone: 'UTC',
  };
});
