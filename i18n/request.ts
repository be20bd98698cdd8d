import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { isLocale, LOCALE_COOKIE, negotiateLocale } from './locales';

/** The visitor's language: the switcher's cookie, else Accept-Language. */
export default getRequestConfig(async () => {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(chosen) ? chosen : negotiateLocale((await headers()).get('accept-language'));
  return {
    locale,
    messages: ((await import(`../messages/${locale}.json`)) as { default: Record<string, unknown> }).default,
    timeZone: 'UTC',
  };
});
