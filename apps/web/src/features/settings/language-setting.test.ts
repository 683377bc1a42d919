import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { LANGUAGE_KEY } from '../../lib/language-choice.ts';
import { changeLanguage, clearLanguageSavedNote, LANGUAGE_SAVED_KEY, languageSavedNote } from './language-setting.ts';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('changeLanguage (Settings)', () => {
  it('saves for the user, keeps for the device, leaves a note and reloads', async () => {
    const device = memory();
    const note = memory();
    const reload = vi.fn();
    const save = vi.fn(async () => undefined);
    await expect(changeLanguage('zh-Hans', { save, shown: 'en', reload, note, device })).resolves.toBe('reloading');
    expect(save).toHaveBeenCalledWith('zh-Hans');
    expect(device.items.get(LANGUAGE_KEY)).toBe('zh-Hans');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(languageSavedNote(note)).toBe(true);
    clearLanguageSavedNote(note);
    expect(languageSavedNote(note)).toBe(false);
  });

  it('says saved without a reload for the language shown', async () => {
    const device = memory();
    const note = memory();
    const reload = vi.fn();
    await expect(changeLanguage('en', { save: async () => undefined, shown: 'en', reload, note, device })).resolves.toBe('saved');
    expect(device.items.get(LANGUAGE_KEY)).toBe('en');
    expect(reload).not.toHaveBeenCalled();
    expect(note.items.has(LANGUAGE_SAVED_KEY)).toBe(false);
  });

  it('changes nothing when the server refuses, and passes its message on', async () => {
    const device = memory();
    const note = memory();
    const reload = vi.fn();
    const refusal = new ApiError(400, 'INVALID_REQUEST', 'The language is not one the product speaks.');
    const save = vi.fn(async () => {
      throw refusal;
    });
    await expect(changeLanguage('ms', { save, shown: 'en', reload, note, device })).rejects.toBe(refusal);
    expect(device.items.size).toBe(0);
    expect(note.items.size).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });
});
