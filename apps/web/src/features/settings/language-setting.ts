import type { Locale } from '@pharma/domain';
import { browserStorage, type StorageLike } from '../../lib/browser-storage.ts';
import { STORAGE_PREFIX } from '../../lib/client-state.ts';
import { keepDeviceLanguage } from '../../lib/language-choice.ts';

/** Set before the reload that a language saved in Settings causes: the page then says it was saved. */
export const LANGUAGE_SAVED_KEY = `${STORAGE_PREFIX}languageSaved`;

type SessionStore = StorageLike;

const tabStore = (): SessionStore | undefined => browserStorage('sessionStorage');

export interface ChangeLanguageDeps {
  /** Saves the language for the user (PUT /api/me/language); throws the server's refusal. */
  save: (locale: Locale) => Promise<void>;
  /** The language the page shows now. */
  shown: Locale;
  reload: () => void;
  /** This tab's store, where the saved note waits for the reload. */
  note?: SessionStore;
  /** The device's store (language-choice.ts). */
  device?: Pick<Storage, 'getItem' | 'setItem'>;
}

/**
 * A language chosen in Settings (issue 33, decision 0092): saved for the user first; when the server
 * refuses, the error goes up and nothing changes, on the device or on the page. Then kept for the device,
 * and, when it is not the language shown, a note for the reloaded page and the reload ('reloading');
 * otherwise 'saved', and the page says so now.
 */
export async function changeLanguage(locale: Locale, deps: ChangeLanguageDeps): Promise<'saved' | 'reloading'> {
  await deps.save(locale);
  if (!keepDeviceLanguage(locale, deps.shown, deps.device)) return 'saved';
  try {
    (deps.note ?? tabStore())?.setItem(LANGUAGE_SAVED_KEY, '1');
  } catch {
    // No store: the page reloads in the new language without the sentence.
  }
  deps.reload();
  return 'reloading';
}

/** Whether this page was reloaded by a language saved in Settings (read without side effects: a render may call it twice). */
export function languageSavedNote(store: SessionStore | undefined = tabStore()): boolean {
  try {
    return store?.getItem(LANGUAGE_SAVED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The note is said once: cleared when the page has shown it. */
export function clearLanguageSavedNote(store: SessionStore | undefined = tabStore()): void {
  try {
    store?.removeItem(LANGUAGE_SAVED_KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
