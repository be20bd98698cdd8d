import { readFileSync } from 'node:fs';
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { CONSOLE_LOCALES, LOCALES } from '@/i18n/locales';

type Messages = { [key: string]: string | Messages };

function load(folder: string, locale: string): Messages {
  return JSON.parse(
    readFileSync(new URL(`../../${folder}/${locale}.json`, import.meta.url), 'utf8'),
  ) as Messages;
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** The ICU arguments of a message with their types ("merchant", "seconds:plural"), from every branch. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (isArgumentElement(element)) names.add(element.value);
      else if (isNumberElement(element)) names.add(`${element.value}:number`);
      else if (isPluralElement(element) || isSelectElement(element)) {
        names.add(`${element.value}:${isPluralElement(element) ? 'plural' : 'select'}`);
        for (const option of Object.values(element.options)) walk(option.value);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** The branch keys of each plural or select (the select's keys must stay; plural categories are per language). */
function selectKeysOf(message: string): string[] {
  return parse(message)
    .filter(isSelectElement)
    .flatMap((element) => Object.keys(element.options).map((key) => `${element.value}=${key}`))
    .sort();
}

/**
 * The hosted app's messages in every language; the console's in its languages (the others fall
 * back to English as a whole, i18n/request.ts). Brand, method and status codes read the same everywhere.
 */
const CATALOGUES = [
  { folder: 'messages', locales: LOCALES, sameEverywhere: /^methods\.|^sandbox\.institution\.title$/ },
  { folder: 'messages/console', locales: CONSOLE_LOCALES, sameEverywhere: /\.actions\.(refuse)$/ },
] as const;

describe('console catalogues', () => {
  it('exist for exactly the console languages', () => {
    const files = readdirSync(new URL('../../messages/console/', import.meta.url)).sort();
    expect(files).toEqual(CONSOLE_LOCALES.map((locale) => `${locale}.json`).sort());
  });
});

describe.each(CATALOGUES)('$folder', ({ folder, locales, sameEverywhere }) => {
  const english = flatten(load(folder, 'en'));

  describe.each(locales.filter((locale) => locale !== 'en'))('%s.json', (locale) => {
    const messages = flatten(load(folder, locale));

    it('has exactly the English keys: none missing, none extra', () => {
      expect([...english.keys()].filter((key) => !messages.has(key))).toEqual([]);
      expect([...messages.keys()].filter((key) => !english.has(key))).toEqual([]);
    });

    it('keeps every ICU argument of each message, with the same types and select keys', () => {
      for (const [key, text] of english) {
        const translated = messages.get(key) ?? '';
        expect({ key, args: argumentsOf(translated), selects: selectKeysOf(translated) }).toEqual({
          key,
          args: argumentsOf(text),
          selects: selectKeysOf(text),
        });
      }
    });

    it('is translated, not a copy of the English', () => {
      const copied = [...english]
        .filter(([key, text]) => !sameEverywhere.test(key) && text.length > 12 && messages.get(key) === text)
        .map(([key]) => key);
      expect(copied).toEqual([]);
    });
  });
});
