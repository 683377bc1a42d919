import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@pharma/domain';
import {
  chooseDeviceLanguage,
  deviceLanguage,
  followUserLanguage,
  keepDeviceLanguage,
  LANGUAGE_KEY,
  LANGUAGE_NAMES,
} from './language-choice.ts';
import { answerLanguage, showLanguage } from '../i18n/language.ts';

/** A localStorage of one's own; `broken` throws on every call, as private mode or a full store may. */
function memory(initial: Record<string, string> = {}, broken = false) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => {
      if (broken) throw new Error('no storage');
      return items.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (broken) throw new Error('no storage');
      items.set(key, value);
    },
  };
}

afterEach(() => showLanguage('en'));

describe('deviceLanguage', () => {
  it('takes the stored choice before the browser', () => {
    expect(deviceLanguage(memory({ [LANGUAGE_KEY]: 'ms' }), ['zh-CN'])).toBe('ms');
  });

  it("takes the browser's first language the product speaks", () => {
    expect(deviceLanguage(memory(), ['fr-FR', 'zh-TW', 'zh-SG', 'ms'])).toBe('zh-Hans');
    expect(deviceLanguage(memory(), ['ms-MY', 'en'])).toBe('ms');
  });

  it('is English for an unknown stored value and no spoken browser language', () => {
    expect(deviceLanguage(memory({ [LANGUAGE_KEY]: 'zh-Hant' }), ['fr', 'zh-HK'])).toBe('en');
    expect(deviceLanguage(memory({ [LANGUAGE_KEY]: 'ZH-HANS' }), [])).toBe('en');
    expect(deviceLanguage(undefined, [])).toBe('en');
  });

  it('reads past an unknown stored value to the browser', () => {
    expect(deviceLanguage(memory({ [LANGUAGE_KEY]: 'klingon' }), ['ms'])).toBe('ms');
  });

  it('is English when the store throws', () => {
    expect(deviceLanguage(memory({}, true), [])).toBe('en');
  });
});

describe('answerLanguage', () => {
  it('is English until the bootstrap sets it', () => {
    expect(answerLanguage()).toBe('en');
    showLanguage('zh-Hans');
    expect(answerLanguage()).toBe('zh-Hans');
  });
});

describe('keepDeviceLanguage', () => {
  it('keeps the choice and says whether the page must reload', () => {
    const store = memory();
    expect(keepDeviceLanguage('ms', 'en', store)).toBe(true);
    expect(store.items.get(LANGUAGE_KEY)).toBe('ms');
    expect(keepDeviceLanguage('ms', 'ms', store)).toBe(false);
  });

  it('does not throw when the store does', () => {
    expect(keepDeviceLanguage('ms', 'en', memory({}, true))).toBe(true);
  });
});

describe('chooseDeviceLanguage (the login page)', () => {
  it('keeps the choice and reloads into it', () => {
    const store = memory();
    const reload = vi.fn();
    chooseDeviceLanguage('zh-Hans', reload, store);
    expect(store.items.get(LANGUAGE_KEY)).toBe('zh-Hans');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for the language shown', () => {
    const reload = vi.fn();
    chooseDeviceLanguage('en', reload, memory());
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('followUserLanguage (sign-in and start)', () => {
  /** The page as the bootstrap starts it: the device's language, shown; then the session's language followed. */
  function start(store: ReturnType<typeof memory>, userLanguage: Locale | undefined, browser: string[] = []) {
    const shown = deviceLanguage(store, browser);
    return { shown, reload: followUserLanguage(userLanguage, shown, store) };
  }

  it('reloads once into the user’s language, then never again', () => {
    const store = memory();
    expect(start(store, 'zh-Hans', ['en-GB'])).toEqual({ shown: 'en', reload: true });
    expect(store.items.get(LANGUAGE_KEY)).toBe('zh-Hans');
    // The reload: the page starts in the user's language and stays.
    expect(start(store, 'zh-Hans', ['en-GB'])).toEqual({ shown: 'zh-Hans', reload: false });
    expect(start(store, 'zh-Hans', ['en-GB'])).toEqual({ shown: 'zh-Hans', reload: false });
  });

  it("replaces the login page's choice with the user's saved one", () => {
    const store = memory({ [LANGUAGE_KEY]: 'ms' });
    expect(start(store, 'en')).toEqual({ shown: 'ms', reload: true });
    expect(start(store, 'en')).toEqual({ shown: 'en', reload: false });
  });

  it("keeps the user's language for the device without a reload when it is the one shown", () => {
    const store = memory();
    expect(start(store, 'ms', ['ms-MY'])).toEqual({ shown: 'ms', reload: false });
    expect(store.items.get(LANGUAGE_KEY)).toBe('ms');
  });

  it('changes nothing for a user with no saved language', () => {
    const store = memory({ [LANGUAGE_KEY]: 'ms' });
    expect(start(store, undefined)).toEqual({ shown: 'ms', reload: false });
    expect(store.items.get(LANGUAGE_KEY)).toBe('ms');
  });

  it('does not reload when the store already holds it but the page fell back to English (no loop)', () => {
    const store = memory({ [LANGUAGE_KEY]: 'zh-Hans' });
    // Its catalogue failed to load: the bootstrap shows English.
    expect(followUserLanguage('zh-Hans', 'en', store)).toBe(false);
  });

  it('does not reload when the store keeps nothing (no loop)', () => {
    expect(followUserLanguage('zh-Hans', 'en', memory({}, true))).toBe(false);
    const forgetful = { getItem: () => null, setItem: () => undefined };
    expect(followUserLanguage('zh-Hans', 'en', forgetful)).toBe(false);
  });

  it("leaves a tester's pseudo language alone", () => {
    const store = memory({ [LANGUAGE_KEY]: 'pseudo' });
    expect(followUserLanguage('zh-Hans', 'en', store)).toBe(false);
    expect(store.items.get(LANGUAGE_KEY)).toBe('pseudo');
  });

  it('reads the shown language by default', () => {
    showLanguage('ms');
    expect(followUserLanguage('ms', undefined, memory())).toBe(false);
    expect(followUserLanguage('en', undefined, memory())).toBe(true);
  });
});

describe('LANGUAGE_NAMES', () => {
  it('names each language in its own words', () => {
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', 'zh-Hans': '简体中文', ms: 'Bahasa Melayu' });
  });
});
