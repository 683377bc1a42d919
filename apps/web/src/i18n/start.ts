import { loadCatalogue, type Locale } from '@pharma/domain';
import { deviceLanguage, pseudoChosen } from '../lib/language-choice.ts';
import { useLanguageTexts } from './format.ts';
import { showLanguage, type ShownLanguage } from './language.ts';
import { textPlaces, type TextPlace } from './texts.ts';

type Messages = Parameters<typeof useLanguageTexts>[1] extends Iterable<[string, infer C]> ? Record<string, C> : never;
type Compiled = Messages[string];

/** Each language's compiled web catalogue: a chunk of its own, fetched only when the language is shown. */
const WEB_CATALOGUES: Record<Exclude<ShownLanguage, 'en'>, () => Promise<{ messages: Messages }>> = {
  'zh-Hans': () => import('./compiled/zh-Hans.ts'),
  ms: () => import('./compiled/ms.ts'),
  pseudo: () => import('./compiled/pseudo.ts'),
};

/** A compiled text written back as ICU: the text put in a label's place, and the key fillLabel finds it by. */
export function textOf(compiled: Compiled): string {
  if (typeof compiled === 'string') return compiled;
  return compiled
    .map((token) => {
      if (typeof token === 'string') return token;
      const [name, type, format] = token as [string, string?, unknown?];
      if (!type) return `{${name}}`;
      if (format && typeof format === 'object')
        return `{${name}, ${type}, ${Object.entries(format)
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => (key === 'offset' ? `offset:${String(value)}` : `${key} {${textOf(value as Compiled)}}`))
          .join(' ')}}`;
      return `{${name}, ${type}${format === undefined ? '' : `, ${String(format)}`}}`;
    })
    .join('');
}

/**
 * Puts a language's texts in their places (the label objects, the registry's texts, the domain's display
 * words): a key the catalogue lacks keeps its English. `fillLabel` then formats each by its compiled form.
 */
export function applyTexts(locale: ShownLanguage, messages: Messages, places: readonly TextPlace[] = textPlaces()): void {
  const texts: [string, Compiled][] = [];
  for (const { key, holder, field } of places) {
    const compiled = messages[key];
    if (compiled === undefined) continue;
    const text = textOf(compiled);
    holder[field] = text;
    texts.push([text, compiled]);
  }
  useLanguageTexts(locale === 'pseudo' ? 'en' : locale, texts);
}

/**
 * The start of the app (main.tsx): the device's language, its catalogues fetched (the domain's messages
 * and the web's texts), its texts put in place and every place frozen, before any screen's module runs.
 * A catalogue that cannot be fetched (offline, never fetched before) leaves the page in English.
 */
export async function startLanguage(): Promise<ShownLanguage> {
  const chosen: ShownLanguage = pseudoChosen() ? 'pseudo' : deviceLanguage();
  const places = textPlaces();
  let shown: ShownLanguage = 'en';
  if (chosen !== 'en') {
    try {
      const [{ messages }] = await Promise.all([
        WEB_CATALOGUES[chosen](),
        chosen === 'pseudo' ? undefined : loadCatalogue(chosen as Locale),
      ]);
      applyTexts(chosen, messages, places);
      showLanguage(chosen, messages);
      shown = chosen;
    } catch {
      shown = 'en';
    }
  }
  for (const { holder } of places) Object.freeze(holder);
  if (typeof document !== 'undefined') document.documentElement.lang = shown === 'pseudo' ? 'en' : shown;
  return shown;
}
