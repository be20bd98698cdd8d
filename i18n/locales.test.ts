import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it.each([
    ['th-TH,th;q=0.9,en;q=0.8', 'th'],
    ['vi', 'vi'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,id;q=0.5', 'id'],
    ['zh-Hans-CN,zh;q=0.9', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['tl-PH', 'fil'],
    ['ms-MY;q=0.4,ja;q=0.8', 'ja'],
    ['de, *;q=0.5', 'en'],
    ['ko;q=0, lo', 'lo'],
    ['', 'en'],
  ])('%j → %s', (header, locale) => expect(negotiateLocale(header)).toBe(locale));
});
