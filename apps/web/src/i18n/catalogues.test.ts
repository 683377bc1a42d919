import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import {
  argumentsOf,
  catalogueFile,
  compiledFile,
  generate,
  readWebSource,
  translationsOf,
  TRANSLATED_LOCALES,
  WEB_I18N_DIR,
} from '../../../../scripts/i18n.ts';
import { DOCUMENT_UI, fillLabel, TITLES } from '../config/labels.ts';
import { compileText } from './format.ts';
import { applyTexts, textOf } from './start.ts';
import { textPlaces } from './texts.ts';

const root = resolve(import.meta.dirname, '../../../..');
const source = await readWebSource();
const english = new Map(source.map((m) => [m.code, m.text]));
const catalogues = new Map(TRANSLATED_LOCALES.map((locale) => [locale, readFileSync(catalogueFile(locale, WEB_I18N_DIR), 'utf8')]));

/** The web's own source files that read the labels (tests, generated files and the catalogue's own aside). */
function webSources(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'i18n') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
    }
  };
  walk(join(root, 'apps/web/src'));
  return found.filter((path) => !path.endsWith('config/labels.ts') && !path.endsWith('lib/api/schema.ts'));
}

describe("the web's catalogues (issue 33, decision 0092)", () => {
  it('are committed as `npm run i18n` makes them from the texts and the translations', async () => {
    const { files } = await generate();
    for (const [path, text] of files) {
      if (!path.startsWith(WEB_I18N_DIR)) continue;
      const committed = readFileSync(path, 'utf8');
      expect(committed === text, `${relative(root, path)} is not what \`npm run i18n\` makes: run it`).toBe(true);
    }
  }, 60_000);

  it.each(TRANSLATED_LOCALES)('%s translates every key of the web, of its current English text, and holds no other', (locale) => {
    const translated = translationsOf(catalogues.get(locale)!);
    expect(
      [...english.keys()].filter((key) => !translated.has(key)),
      'keys without a translation',
    ).toEqual([]);
    expect(
      [...translated.keys()].filter((key) => !english.has(key)),
      'keys the web does not have',
    ).toEqual([]);
    const stale = [...translated].filter(([key, t]) => t.source !== english.get(key)).map(([key]) => key);
    expect(stale, 'entries translated from an older English text: run `npm run i18n`').toEqual([]);
  });

  it.each(TRANSLATED_LOCALES)('%s has the same arguments as English in every entry, and plurals its language has', (locale) => {
    const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
    const wrong: string[] = [];
    for (const [key, { text }] of translationsOf(catalogues.get(locale)!)) {
      const own = argumentsOf(text);
      const source = argumentsOf(english.get(key) ?? '');
      if (own.names.join() !== source.names.join()) wrong.push(`${key}: {${own.names.join('} {')}} against {${source.names.join('} {')}}`);
      for (const [name, keys] of own.cases) {
        const unknown = keys.filter((k) => k !== 'other' && !/^\d+$/.test(k) && !/^=\d+$/.test(k) && !categories.has(k));
        if (unknown.length || !keys.includes('other'))
          wrong.push(`${key}: {${name}} has ${keys.join(', ')} (${locale}: ${[...categories]})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no label that nobody uses', () => {
    const sources = webSources().map((path) => readFileSync(path, 'utf8'));
    const used = (key: string): boolean => {
      const [group, ...path] = key.split('.');
      const readers = sources.filter((text) => new RegExp(`\\b${group}\\b`).test(text));
      const field = path.at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const parent = [group, ...path.slice(0, -1)].join('.').replace(/\./g, '\\s*\\.\\s*');
      // Read by name (TITLES.home, a destructured or quoted field), or its object read by a key ([status]) or whole.
      return readers.some(
        (text) =>
          new RegExp(`\\.\\s*${field}\\b|['"\`]${field}['"\`]|\\b${field}\\s*[,:}]`).test(text) ||
          new RegExp(`${parent}\\s*\\[|${parent}\\s*\\)|${parent}\\s*[,;}]|\\(\\s*${parent}\\b|Object\\.\\w+\\(\\s*${parent}\\b`).test(
            text,
          ),
      );
    };
    const labelKeys = [...english.keys()].filter(
      (key) => !/^(?:family|lite)\./.test(key) && !/^(?:UNIT_LABELS|BATCH_STATUS_WORDS|COUNT_REASON_LABELS)\./.test(key),
    );
    expect(labelKeys.filter((key) => !used(key))).toEqual([]);
  });

  it('compiles every English text at its first use exactly as Lingui does', () => {
    const wrong = source.filter(({ text }) => JSON.stringify(compileText(text)) !== JSON.stringify(compileMessageOrThrow(text)));
    expect(wrong.map((m) => m.code)).toEqual([]);
  });

  it('writes each compiled text back as a text that compiles to it', () => {
    const wrong = source.filter(({ text }) => {
      const compiled = compileMessageOrThrow(text);
      return JSON.stringify(compileMessageOrThrow(textOf(compiled))) !== JSON.stringify(compiled);
    });
    expect(wrong.map((m) => m.code)).toEqual([]);
  });

  it('keeps the arguments of every text in the pseudo language, marked and longer', async () => {
    const { messages } = (await import('./compiled/pseudo.ts')) as { messages: Record<string, unknown> };
    const wrong = source.filter(({ code, text }) => {
      const pseudo = textOf(messages[code] as Parameters<typeof textOf>[0]);
      return (
        argumentsOf(pseudo).names.join() !== argumentsOf(text).names.join() ||
        !pseudo.startsWith('⟦') ||
        !pseudo.endsWith('⟧') ||
        pseudo.length <= text.length
      );
    });
    expect(wrong.map((m) => m.code)).toEqual([]);
    expect(compiledFile('pseudo', WEB_I18N_DIR)).toMatch(/compiled\/pseudo\.ts$/);
  });
});

describe('fillLabel and a language put in place (decision 0092)', () => {
  it('fills English labels as before: plurals by the number, missing arguments kept visible', () => {
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '1' })).toBe('1 document');
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '0' })).toBe('0 documents');
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '1000' })).toBe('1000 documents');
    expect(fillLabel(DOCUMENT_UI.accepted, { unit: 'Carton', id: '00123', packs: '1' })).toBe('Carton 00123 accepted: 1 pack counted.');
    expect(fillLabel(DOCUMENT_UI.deleteLabel, {})).toBe('Delete {id}');
    expect(fillLabel(DOCUMENT_UI.deleteLabel, { id: 'a\\u0041{b}' })).toBe('Delete a\\u0041{b}');
  });

  it('puts a language in every place its catalogue names, the rest staying English, and fillLabel follows it', () => {
    const places = textPlaces();
    const compiled = (text: string) => compileMessageOrThrow(text);
    applyTexts(
      'ms',
      {
        'TITLES.home': compiled('Utama'),
        'DOCUMENT_UI.documentsFound': compiled('{total} dokumen'),
        'DOCUMENT_UI.accepted': compiled('{unit} {id} diterima: {packs} pek dikira.'),
        'family.IBD.menu.label': compiled('Terima'),
        'UNIT_LABELS.CTN': compiled('Karton'),
      },
      places,
    );
    expect(TITLES.home).toBe('Utama');
    expect(TITLES.login).toBe('Login');
    expect(fillLabel(DOCUMENT_UI.documentsFound, { total: '1' })).toBe('1 dokumen');
    expect(fillLabel(DOCUMENT_UI.accepted, { unit: 'Karton', id: '0012', packs: '1' })).toBe('Karton 0012 diterima: 1 pek dikira.');
    const place = (key: string) => places.find((p) => p.key === key)!;
    expect(place('family.IBD.menu.label').holder.label).toBe('Terima');
    expect(place('UNIT_LABELS.CTN').holder.CTN).toBe('Karton');
    // A label the catalogue lacks is formatted in English still.
    expect(fillLabel(DOCUMENT_UI.deleteLabel, { id: 'X' })).toBe('Delete X');
  });
});
