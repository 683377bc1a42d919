import { describe, expect, it } from 'vitest';
import { isLocale, localeOfTag, negotiateLocale } from './locales.ts';

describe('the languages the product speaks (issue 33)', () => {
  it('reads Simplified Chinese and Malay from the tags browsers send, and not Traditional Chinese or Jawi', () => {
    const read = (tags: string[]) => tags.map(localeOfTag);
    expect(read(['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-HK', 'ZH_cn'])).toEqual(Array(6).fill('zh-Hans'));
    expect(read(['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-CN'])).toEqual(Array(5).fill(undefined));
    expect(read(['ms', 'ms-MY', 'ms-SG', 'ms-BN', 'ms-Latn-MY'])).toEqual(Array(5).fill('ms'));
    expect(read(['ms-Arab', 'fr', 'de-DE', '', '*', 'mss'])).toEqual(Array(6).fill(undefined));
    expect(read(['en', 'en-GB', 'en-US'])).toEqual(['en', 'en', 'en']);
  });

  it('takes the first language of Accept-Language by weight that it speaks; none gives undefined', () => {
    expect(negotiateLocale('fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.7')).toBe('zh-Hans');
    expect(negotiateLocale('en;q=0.5, ms-MY')).toBe('ms');
    expect(negotiateLocale('ms;q=0.5, zh;q=0.5')).toBe('ms');
    expect(negotiateLocale('ms;q=0, fr')).toBeUndefined();
    expect(negotiateLocale('zh-TW, *;q=0.1')).toBeUndefined();
    expect(negotiateLocale('')).toBeUndefined();
    expect(negotiateLocale(undefined)).toBeUndefined();
    expect(negotiateLocale(';;,,q=,')).toBeUndefined();
  });

  it('knows only its own tags', () => {
    expect(['en', 'zh-Hans', 'ms'].every(isLocale)).toBe(true);
    expect([null, 'zh', 'EN', 'ms-MY', 42].some(isLocale)).toBe(false);
  });
});
