import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parsePo } from 'pofile-ts';
import { textFormatter } from '../../packages/domain/src/i18n/catalogues.ts';
import type { Locale } from '../../packages/domain/src/i18n/locales.ts';

type Params = Readonly<Record<string, string | number>>;
type Text = (key: string, params?: Params) => string;

/** One PO catalogue (decision 0092): each entry's translation by its msgctxt, compiled and filled by Lingui's runtime. */
function catalogue(file: URL, locale: Locale): Text {
  const items = parsePo(readFileSync(file, 'utf8')).items.filter((i) => i.msgctxt && !i.obsolete && i.msgstr[0]);
  const texts = new Map(items.map((i) => [i.msgctxt!, i.msgstr[0]!]));
  const table: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
  const format = textFormatter(locale, table);
  return (key, params = {}) => {
    const text = texts.get(key);
    if (text === undefined) throw new Error(`No translation of ${key} in ${file.pathname}`);
    table[key] ??= compileMessageOrThrow(text);
    return format(key, params);
  };
}

/**
 * The texts a journey expects in a language, read from the catalogues themselves by key (never retyped),
 * so a reviewed translation changes the journey with it: `web` from apps/web/src/i18n/<locale>.po (the
 * web's labels, keyed by place: `TITLES.home`, `family.IBD.labels.completeText`), `server` from
 * packages/domain/src/i18n/<locale>.po (the messages the server answers, keyed by code: `ALREADY_SCANNED`).
 */
export function translations(locale: Exclude<Locale, 'en'>): { web: Text; server: Text } {
  return {
    web: catalogue(new URL(`../../apps/web/src/i18n/${locale}.po`, import.meta.url), locale),
    server: catalogue(new URL(`../../packages/domain/src/i18n/${locale}.po`, import.meta.url), locale),
  };
}
