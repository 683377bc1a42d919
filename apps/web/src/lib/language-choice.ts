import { isLocale, localeOfTag, SOURCE_LOCALE, type Locale } from '@pharma/domain';
import { answerLanguage } from '../i18n/language.ts';
import { browserStorage } from './browser-storage.ts';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;
const localStore = (): StorageLike | undefined => browserStorage('localStorage');

/**
 * The language this device shows (issue 33, decision 0092): chosen on the login page or in Settings, kept
 * in localStorage under the device prefix (a logout keeps it), else the first of the browser's languages
 * the product speaks, else English. A signed-in user's saved language (`SessionUser.language`) becomes the
 * device's on sign-in. The app reads it once, at start: a change reloads the page in the new language.
 */
export const LANGUAGE_KEY = 'pharma-device:language';

/** Each language named in its own words, for the pickers: never translated, so a reader finds their own. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  'zh-Hans': '简体中文',
  ms: 'Bahasa Melayu',
};

/** The pseudo language a tester keeps under the same key (i18n/start.ts): no sign-in replaces it. */
const PSEUDO = 'pseudo';

function rawStored(storage: StorageLike | undefined): string | null {
  try {
    return storage?.getItem(LANGUAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whether a tester set the pseudo language on this device (the app then starts in it). */
export function pseudoChosen(storage: StorageLike | undefined = localStore()): boolean {
  return rawStored(storage) === PSEUDO;
}

function storedLanguage(storage: StorageLike | undefined): Locale | undefined {
  const stored = rawStored(storage);
  return isLocale(stored) ? stored : undefined;
}

/** The device's language: the stored choice, else the browser's first spoken language, else English. */
export function deviceLanguage(
  storage: StorageLike | undefined = localStore(),
  browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  const stored = storedLanguage(storage);
  if (stored) return stored;
  for (const tag of browserLanguages) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}

/** Keeps `locale` as this device's language; true when it differs from the one shown (the page must reload). */
export function keepDeviceLanguage(locale: Locale, shown: Locale, storage: StorageLike | undefined = localStore()): boolean {
  try {
    storage?.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Private mode or a full store: the choice lasts until the page reloads.
  }
  return locale !== shown;
}

/**
 * A signed-in user's saved language (`SessionUser.language`) at sign-in or at start: kept as the device's,
 * and true when the page must reload into it. It reloads only when the device's stored choice changed to
 * it here, so never twice: after the reload the stored choice already is the user's. When the shown
 * language differs although the store holds the user's (its catalogue failed to load and the page fell
 * back to English), or the store keeps nothing (private mode), a reload would change nothing: none.
 */
export function followUserLanguage(
  userLanguage: Locale | undefined,
  shownNow: Locale = answerLanguage(),
  storage: StorageLike | undefined = localStore(),
): boolean {
  if (userLanguage === undefined || pseudoChosen(storage)) return false;
  const before = storedLanguage(storage);
  if (before === userLanguage) return false;
  keepDeviceLanguage(userLanguage, shownNow, storage);
  return userLanguage !== shownNow && storedLanguage(storage) === userLanguage;
}

/** Reloads the page: the bootstrap then starts it in the device's language. */
export function reloadPage(): void {
  window.location.reload();
}

/** A choice on the login page: kept for this device, and the page reloads into it when it is not the one shown. */
export function chooseDeviceLanguage(
  locale: Locale,
  reload: () => void = reloadPage,
  storage: StorageLike | undefined = localStore(),
): void {
  if (keepDeviceLanguage(locale, answerLanguage(), storage)) reload();
}
