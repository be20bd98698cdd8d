/**
 * The languages of our markets. Codes are BCP 47 as browsers send them; Simplified Chinese is
 * `zh-CN`. South Africa gets Zulu (docs/decisions/015-hosted-app.md).
 */
export const LOCALES = [
  'en',
  'th',
  'vi',
  'id',
  'ms',
  'fil',
  'hi',
  'zh-CN',
  'ja',
  'ko',
  'lo',
  'sw',
  'zu',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** Each language named in itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  fil: 'Filipino',
  hi: 'हिन्दी',
  'zh-CN': '简体中文',
  ja: '日本語',
  ko: '한국어',
  lo: 'ລາວ',
  sw: 'Kiswahili',
  zu: 'isiZulu',
};

/**
 * The languages the merchant console is translated into; in the others it speaks English
 * (docs/decisions/026-merchant-console.md).
 */
export const CONSOLE_LOCALES = ['en', 'th', 'vi', 'id', 'zh-CN'] as const satisfies readonly Locale[];
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

export function consoleLocaleOf(locale: string): ConsoleLocale {
  return (CONSOLE_LOCALES as readonly string[]).includes(locale) ? (locale as ConsoleLocale) : 'en';
}

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

/** Language tags that mean one of ours (Tagalog is Filipino; Malay as "ms-MY", Chinese as "zh-Hans"...). */
const ALIASES: Record<string, Locale> = {
  tl: 'fil',
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  in: 'id',
};

function match(tag: string): Locale | undefined {
  const lower = tag.toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  if (ALIASES[lower]) return ALIASES[lower];
  const parts = lower.split('-');
  for (let end = parts.length - 1; end > 0; end--) {
    const prefix = parts.slice(0, end).join('-');
    const found = LOCALES.find((locale) => locale.toLowerCase() === prefix) ?? ALIASES[prefix];
    if (found) return found;
  }
  return undefined;
}

/** The best of our locales for an Accept-Language header (RFC 9110 quality values), else English. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = match(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}
