import 'server-only';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales';
import en from './wording/en.json';
import fil from './wording/fil.json';
import hi from './wording/hi.json';
import id from './wording/id.json';
import ja from './wording/ja.json';
import ko from './wording/ko.json';
import lo from './wording/lo.json';
import ms from './wording/ms.json';
import sw from './wording/sw.json';
import th from './wording/th.json';
import vi from './wording/vi.json';
import zhCN from './wording/zh-CN.json';
import zu from './wording/zu.json';

/** The e-mails' words in one language: the shape of the English file, which every other follows. */
export type MailWording = typeof en;

/** Every hosted-page language has its e-mails (a unit test holds the keys and placeholders equal). */
export const MAIL_WORDING: Record<Locale, MailWording> = {
  en,
  fil,
  hi,
  id,
  ja,
  ko,
  lo,
  ms,
  sw,
  th,
  vi,
  'zh-CN': zhCN,
  zu,
};

/** The language an e-mail is written in: the stored one when it is ours, else English. */
export function mailLanguage(stored: string | undefined): Locale {
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/** A template with its {name} placeholders filled; a placeholder with no value stays as written. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
