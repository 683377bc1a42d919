import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { messages as english } from './compiled/en.ts';
import { SOURCE_LOCALE, type Locale } from './locales.ts';

/**
 * The compiled catalogues and Lingui's runtime that fills them in (decision 0090). English is compiled
 * from messages.ts and always here; every other language is a module of its own, imported only by
 * `loadCatalogue` (the web, when the user picks it; the server, all at start). Until its catalogue is
 * loaded, or for a code its catalogue lacks, a language answers in English.
 */
type Translated = Exclude<Locale, typeof SOURCE_LOCALE>;
const LOADERS: Record<Translated, () => Promise<{ messages: Messages }>> = {
  'zh-Hans': () => import('./compiled/zh-Hans.ts'),
  ms: () => import('./compiled/ms.ts'),
};

const source = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: english } });
const loaded = new Map<Locale, I18n>([[SOURCE_LOCALE, source]]);

/** Fetches a language's catalogue once; later calls answer at once. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === SOURCE_LOCALE || loaded.has(locale)) return;
  const { messages } = await LOADERS[locale]();
  loaded.set(locale, setupI18n({ locale, messages: { [locale]: messages } }));
}

export function isCatalogueLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

/** Lingui turns `\uXXXX` and `\xXX` in its result into characters: a value holding one is put in after it. */
const ESCAPE_LIKE = /\\(?:u[a-fA-F0-9]{4}|x[a-fA-F0-9]{2})/;

/**
 * The text of `id` in `locale` (English where it is not loaded or lacks the id), its ICU arguments filled
 * from `params`. An argument not given stays visible as `{name}`; values are put in as they are (no
 * number formatting: '1000 packs', as the spec's documents write numbers).
 */
export function formatIn(id: string, params: Readonly<Record<string, string | number>>, locale: Locale): string {
  const language = loaded.get(locale);
  return formatWith(language && language.messages[id] !== undefined ? language : source, id, params);
}

/**
 * A formatter of compiled texts kept elsewhere (the web's labels, decision 0092): `table` maps an id to
 * its compiled text and may grow after this call; each is filled as `formatIn` fills a message.
 */
export function textFormatter(locale: string, table: Messages): (id: string, params: Readonly<Record<string, string | number>>) => string {
  const i18n = setupI18n({ locale, messages: { [locale]: table } });
  return (id, params) => formatWith(i18n, id, params);
}

function formatWith(i18n: I18n, id: string, params: Readonly<Record<string, string | number>>): string {
  const held: string[] = [];
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && ESCAPE_LIKE.test(value)) values[name] = `\uE000${held.push(value) - 1}\uE001`;
    else values[name] = value;
  }
  const shown = new Proxy(values, { get: (target, name: string) => (name in target ? target[name] : `{${name}}`) });
  const text = i18n._(id, shown);
  return held.length ? text.replace(/\uE000(\d+)\uE001/g, (_, i: string) => held[Number(i)]!) : text;
}
