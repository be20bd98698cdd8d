import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { LOCALE_NAMES, LOCALES } from '@/i18n/locales';
import { AutoSubmitSelect } from '../ui/auto-submit-select';

/**
 * The language switcher: a GET form (`?lang=`, handled by proxy.ts, which stores the choice in a
 * cookie and comes back to the same page). Works without JavaScript; with it, choosing submits.
 */
export async function LocaleSwitcher() {
  const [locale, t, requestHeaders] = await Promise.all([getLocale(), getTranslations('common'), headers()]);
  const carried = [...new URLSearchParams(requestHeaders.get('x-page-query') ?? '')].filter(
    ([name]) => name !== 'lang',
  );
  return (
    <form method="get" className="lang-form">
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="lang">{t('languageLabel')}</label>
      <AutoSubmitSelect id="lang" name="lang" defaultValue={locale}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </AutoSubmitSelect>
    </form>
  );
}
