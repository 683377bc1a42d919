/**
 * The languages the product speaks (issue 33, decision 0090). English is the source: its catalogue is
 * messages.ts itself; every other language has a catalogue of its own (i18n/<locale>.po), compiled by
 * `npm run i18n` into a module loaded only when the language is chosen. A warehouse adds its language
 * here, beside a catalogue (README, 'Adding a language').
 */
export const LOCALES = ['en', 'zh-Hans', 'ms'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of messages.ts, and the answer when no language the client asks for is spoken. */
export const SOURCE_LOCALE = 'en' satisfies Locale;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language a BCP 47 tag names, or undefined when the product does not speak it: zh, zh-CN, zh-SG and
 * zh-Hans(-…) read Simplified Chinese; zh-TW, zh-HK, zh-MO and zh-Hant(-…) read Traditional, which it has
 * not. ms and ms-MY, ms-SG, ms-BN read Malay in Latin letters (ms-Arab, Jawi, it has not). en-… reads English.
 */
export function localeOfTag(tag: string): Locale | undefined {
  const [language = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  const script = rest.find((part) => /^[a-z]{4}$/.test(part));
  const region = rest.find((part) => /^(?:[a-z]{2}|\d{3})$/.test(part));
  if (language === 'en') return 'en';
  if (language === 'zh') {
    if (script) return script === 'hans' ? 'zh-Hans' : undefined;
    return region && ['tw', 'hk', 'mo'].includes(region) ? undefined : 'zh-Hans';
  }
  if (language === 'ms') return script && script !== 'latn' ? undefined : 'ms';
  return undefined;
}

/**
 * The first language of an Accept-Language header, in the order of its weights, that the product speaks;
 * undefined when it names none (or is absent). A weight of 0 refuses a language; `*` picks none.
 */
export function negotiateLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.map((p) => /^q=([01](?:\.\d{0,3})?)$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const range of ranges) {
    const locale = localeOfTag(range.tag);
    if (locale) return locale;
  }
  return undefined;
}
