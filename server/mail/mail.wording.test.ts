import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/locales';
import { fill, MAIL_WORDING, mailLanguage } from './mail.wording';

function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'string') entries.set(path, inner);
    else for (const [innerPath, text] of flatten(inner, path)) entries.set(innerPath, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the e-mails’ wording', () => {
  const english = flatten(MAIL_WORDING.en);

  it.each(LOCALES)('%s has every English key, each with the same placeholders and some text', (locale) => {
    const words = flatten(MAIL_WORDING[locale]);
    expect([...words.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = words.get(key) ?? '';
      expect(translated.trim(), `${locale} ${key}`).not.toBe('');
      expect(placeholders(translated), `${locale} ${key}`).toEqual(placeholders(text));
    }
  });

  it('is written in the stored language when it is ours, else in English', () => {
    expect(mailLanguage('th')).toBe('th');
    expect(mailLanguage('zh-CN')).toBe('zh-CN');
    expect(mailLanguage('de')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fill('Pay {amount} to {merchant} {x}', { amount: '฿1,500.50', merchant: 'Shop' })).toBe(
      'Pay ฿1,500.50 to Shop {x}',
    );
  });
});
