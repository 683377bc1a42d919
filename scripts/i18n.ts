/**
 * `npm run i18n` (issue 33, decisions 0090 and 0092): the message catalogues, from the English source.
 * Two catalogues, the same steps: the domain's messages (below) and the web's own texts (its labels, the
 * registry's display texts and the domain's display words the web shows: apps/web/src/i18n/texts.ts),
 * keyed by their place (`TITLES.home`, `family.IBD.menu.label`), in apps/web/src/i18n/<locale>.po and
 * compiled to apps/web/src/i18n/compiled/<locale>.ts. A third compiled web module, `pseudo`, wraps every
 * text of both in ⟦…⟧ and lengthens it, for a walk through the screens (decision 0092).
 *
 * 1. Extracts: reads MESSAGES in packages/domain/src/messages.ts (each code, its English ICU text and the
 *    comments above it), as TypeScript parses the file, so a broken catalogue can still be read.
 * 2. Brings each language's catalogue, packages/domain/src/i18n/<locale>.po, in line with it (a language
 *    of LOCALES without one gets a new catalogue): an entry per code, in the source's order, with
 *    msgctxt the code, msgid the English text and msgstr the translation. A new code comes with an empty
 *    translation; a code whose English changed keeps its translation, marked `fuzzy` (to be reviewed); a
 *    code no longer in the source is dropped.
 * 3. Compiles English and each language with Lingui's message compiler into
 *    packages/domain/src/i18n/compiled/<locale>.ts, the modules the runtime loads (i18n/catalogues.ts).
 *
 * `fuzzy` marks an entry that a native speaker has not checked: the compiled catalogue uses it all the
 * same (it is the best text there is); the reviewer removes the flag. packages/domain/src/i18n/
 * catalogues.test.ts runs this generation in memory and fails when a committed file differs, and checks
 * the catalogues (every code translated, no extra one, the same arguments in every language).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { createItem, createPoFile, parsePo, stringifyPo, type PoFile, type PoItem } from 'pofile-ts';
import * as prettier from 'prettier';
import ts from 'typescript';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../packages/domain/src/i18n/locales.ts';

const root = resolve(import.meta.dirname, '..');
export const SOURCE_FILE = join(root, 'packages/domain/src/messages.ts');
export const I18N_DIR = join(root, 'packages/domain/src/i18n');
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== SOURCE_LOCALE);

export const WEB_I18N_DIR = join(root, 'apps/web/src/i18n');
export const WEB_SOURCE_FILE = join(root, 'apps/web/src/config/labels.ts');

export const catalogueFile = (locale: Locale, dir: string = I18N_DIR): string => join(dir, `${locale}.po`);
export const compiledFile = (locale: Locale | 'pseudo', dir: string = I18N_DIR): string => join(dir, 'compiled', `${locale}.ts`);

const NAMES: Record<Locale, string> = { en: 'English', 'zh-Hans': 'Simplified Chinese', ms: 'Malay' };

export interface SourceMessage {
  code: string;
  text: string;
  /** The `//` comments just above the entry in messages.ts, for the translator. */
  notes: string[];
}

/** The `//` and `/** *\/` comments just above a node, for the translator. */
function commentsAbove(text: string, node: ts.Node): string[] {
  return (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [])
    .map((range) => text.slice(range.pos, range.end))
    .flatMap((comment) =>
      comment.startsWith('//')
        ? [comment.replace(/^\/\/\s?/, '')]
        : comment.startsWith('/**')
          ? [
              comment
                .replace(/^\/\*\*|\*\/$/g, '')
                .split('\n')
                .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
                .filter(Boolean)
                .join(' '),
            ]
          : [],
    );
}

/** MESSAGES as messages.ts writes it: each code with its English text and the comments above it. */
export function readSource(text: string = readFileSync(SOURCE_FILE, 'utf8')): SourceMessage[] {
  const file = ts.createSourceFile(SOURCE_FILE, text, ts.ScriptTarget.Latest, true);
  let object: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'MESSAGES' && node.initializer) {
      const init = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isObjectLiteralExpression(init)) object = init;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!object) throw new Error(`${relative(root, SOURCE_FILE)} has no MESSAGES object`);
  return object.properties.map((property) => {
    if (!ts.isPropertyAssignment(property) || !ts.isStringLiteralLike(property.initializer)) {
      throw new Error(`MESSAGES holds something other than a code and its text: ${property.getText(file)}`);
    }
    const notes = (ts.getLeadingCommentRanges(text, property.getFullStart()) ?? [])
      .map((range) => text.slice(range.pos, range.end))
      .filter((comment) => comment.startsWith('//'))
      .map((comment) => comment.replace(/^\/\/\s?/, ''));
    return { code: property.name.getText(file), text: property.initializer.text, notes };
  });
}

/** The comments above each property of labels.ts's exported objects, by its path ('TITLES.home'). */
function labelNotes(text: string = readFileSync(WEB_SOURCE_FILE, 'utf8')): Map<string, string[]> {
  const file = ts.createSourceFile(WEB_SOURCE_FILE, text, ts.ScriptTarget.Latest, true);
  const notes = new Map<string, string[]>();
  const objectOf = (node: ts.Expression): ts.ObjectLiteralExpression | undefined => {
    while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
    return ts.isObjectLiteralExpression(node) ? node : undefined;
  };
  const walk = (prefix: string, object: ts.ObjectLiteralExpression, above: string[]): void => {
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const name = ts.isStringLiteral(property.name) ? property.name.text : property.name.getText(file);
      const own = commentsAbove(text, property);
      const inner = objectOf(property.initializer);
      if (inner) walk(`${prefix}.${name}`, inner, [...above, ...own]);
      else notes.set(`${prefix}.${name}`, [...above, ...own]);
    }
  };
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const object = declaration.initializer && objectOf(declaration.initializer);
      if (object) walk(declaration.name.getText(file), object, commentsAbove(text, statement).slice(-1));
    }
  }
  return notes;
}

/** What a registry or domain text is, for the translator, by the last part of its key. */
const PLACE_NOTES: [RegExp, string][] = [
  [
    /^family\.[^.]+\.(?:RDC|LDC)\.[^.]+\.(?:title|woTitle)$/,
    'A page header of the family (spec point 2); woTitle: when the document is a work order.',
  ],
  [/\.menu\.label$/, "The family's tile and menu entry."],
  [/\.reopen\.(?:title|text)$/, 'Asked before reopening a completed document.'],
  [/\.(?:unitScanTitle|itemScanTitle)$/, "The scan page's header."],
  [/^family\.[^.]+\.labels\.documents$/, "The family's documents, in a sentence: 'No {documents} found'."],
  [/^family\.[^.]+\.labels\./, "The family's words on its list, details and scan pages (packages/domain/src/families/registry.ts)."],
  [/^lite\./, 'A lite (+) family of the local area (spec point 2, Lite families).'],
  [/^UNIT_LABELS\./, 'A unit type, as the pages name it (packages/domain/src/units.ts).'],
  [/^BATCH_STATUS_WORDS\./, "A batch's status inside a sentence ('Batch B1 is on hold'): lower case."],
  [/^COUNT_REASON_LABELS\./, "A stock take line's reason for a difference."],
];

/** The web's catalogue (decision 0092): each text's key, its English (read where it lives) and notes for the translator. */
export async function readWebSource(): Promise<SourceMessage[]> {
  const { textPlaces } = (await import('../apps/web/src/i18n/texts.ts')) as typeof import('../apps/web/src/i18n/texts.ts');
  const notes = labelNotes();
  const found = new Map<string, SourceMessage>();
  for (const { key, holder, field } of textPlaces()) {
    if (found.has(key)) continue;
    const place = PLACE_NOTES.find(([pattern]) => pattern.test(key))?.[1];
    found.set(key, { code: key, text: holder[field] as string, notes: notes.get(key) ?? (place ? [place] : []) });
  }
  return [...found.values()];
}

/** One of the two catalogues: where its files are, what its PO files say about themselves, and its source. */
export interface CatalogueKind {
  dir: string;
  from: string;
  about: string[];
  read: () => SourceMessage[] | Promise<SourceMessage[]>;
  /**
   * Whether its English is compiled too: the server's messages are (the domain loads them); the web's texts
   * are not, an English text being compiled at its first use (i18n/format.ts), so no page carries them twice.
   */
  compileSource: boolean;
}

export const MESSAGE_CATALOGUE: CatalogueKind = {
  dir: I18N_DIR,
  from: 'packages/domain/src/messages.ts',
  about: [
    "catalogue of the product's messages (issue 33, decision 0090).",
    'msgctxt: the code (packages/domain/src/messages.ts); msgid: the English text; msgstr: the translation.',
  ],
  read: () => readSource(),
  compileSource: true,
};

export const WEB_CATALOGUE: CatalogueKind = {
  dir: WEB_I18N_DIR,
  from: 'apps/web/src/i18n/texts.ts',
  about: [
    "catalogue of the web app's own texts (issue 33, decision 0092): labels, page headers, menu entries.",
    'msgctxt: where the text lives (TITLES.home: apps/web/src/config/labels.ts; family.IBD.…: the registry);',
    'msgid: the English text; msgstr: the translation.',
  ],
  read: () => readWebSource(),
  compileSource: false,
};

export interface SyncedCatalogue {
  text: string;
  added: string[];
  changed: string[];
  dropped: string[];
}

/** A language's catalogue in line with the source (step 2); `existing` is its file's text, if it has one. */
export function syncCatalogue(
  locale: Locale,
  source: SourceMessage[],
  existing: string | undefined,
  kind: CatalogueKind = MESSAGE_CATALOGUE,
): SyncedCatalogue {
  const before = existing === undefined ? undefined : parsePo(existing);
  const byCode = new Map((before?.items ?? []).filter((i) => !i.obsolete && i.msgctxt).map((i) => [i.msgctxt!, i]));
  const added: string[] = [];
  const changed: string[] = [];
  const items = source.map(({ code, text, notes }): PoItem => {
    const old = byCode.get(code);
    const item = createItem();
    item.msgctxt = code;
    item.msgid = text;
    item.extractedComments = notes;
    item.comments = old?.comments ?? [];
    item.flags = { ...old?.flags };
    item.msgstr = [old?.msgstr[0] ?? ''];
    if (!old) {
      // New: to be translated, then reviewed by a native speaker.
      added.push(code);
      item.flags.fuzzy = true;
    } else if (old.msgid !== text) {
      changed.push(code);
      if (item.msgstr[0]) item.flags.fuzzy = true;
    }
    return item;
  });
  const codes = new Set(source.map((m) => m.code));
  const dropped = [...byCode.keys()].filter((code) => !codes.has(code));
  const po: PoFile = createPoFile();
  po.comments = [
    `${NAMES[locale] ?? locale} (${locale}) ${kind.about[0]}`,
    ...kind.about.slice(1),
    'ICU MessageFormat: keep each {argument} as it is; GS1, SSCC, GTIN, batch and document numbers stay as written.',
    "'fuzzy': no native speaker has checked the entry yet. Check it, then remove the flag. `npm run i18n` compiles.",
  ];
  po.headers = {
    Language: locale,
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
  };
  po.headerOrder = Object.keys(po.headers);
  po.items = items;
  return { text: stringifyPo(po, { foldLength: 0 }), added, changed, dropped };
}

/** The translations of a catalogue by code: entries with an empty translation are left out (English answers). */
export function translationsOf(catalogue: string): Map<string, { text: string; source: string; flags: string[] }> {
  return new Map(
    parsePo(catalogue)
      .items.filter((i) => i.msgctxt && !i.obsolete && i.msgstr[0])
      .map((i) => [i.msgctxt!, { text: i.msgstr[0]!, source: i.msgid, flags: Object.keys(i.flags).filter((f) => i.flags[f]) }]),
  );
}

/** A compiled catalogue module (step 3): each code's text as Lingui's compiler makes it, formatted as Prettier would. */
export async function compiledModule(
  locale: Locale | 'pseudo',
  texts: [code: string, text: string][],
  from: string,
  dir: string = I18N_DIR,
): Promise<string> {
  const entries = texts.map(([code, text]) => {
    try {
      const name = /^[A-Za-z_$][\w$]*$/.test(code) ? code : JSON.stringify(code);
      return `  ${name}: ${JSON.stringify(compileMessageOrThrow(text))},`;
    } catch (error) {
      throw new Error(`${from}, ${code} (${locale}): ${(error as Error).message}`, { cause: error });
    }
  });
  const file = compiledFile(locale, dir);
  const text = [
    `// Generated by \`npm run i18n\` from ${from} (decision ${dir === I18N_DIR ? '0090' : '0092'}): do not edit.`,
    "import type { Messages } from '@lingui/core';",
    '',
    'export const messages: Messages = {',
    ...entries,
    '};',
    '',
  ].join('\n');
  return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
}

/** ', new: A, B' for a report line; the first ten codes and how many more. */
function codes(label: string, list: string[]): string {
  if (list.length === 0) return '';
  return `${label}: ${list.slice(0, 10).join(', ')}${list.length > 10 ? ` and ${list.length - 10} more` : ''}`;
}

/** Every file `npm run i18n` writes for one catalogue, with its text, and what changed in each language's catalogue. */
async function generateKind(kind: CatalogueKind, files: Map<string, string>, report: string[]): Promise<SourceMessage[]> {
  const source = await kind.read();
  if (kind.compileSource)
    files.set(
      compiledFile(SOURCE_LOCALE, kind.dir),
      await compiledModule(
        SOURCE_LOCALE,
        source.map((m) => [m.code, m.text]),
        kind.from,
        kind.dir,
      ),
    );
  for (const locale of TRANSLATED_LOCALES) {
    const path = catalogueFile(locale, kind.dir);
    const synced = syncCatalogue(locale, source, existsSync(path) ? readFileSync(path, 'utf8') : undefined, kind);
    files.set(path, synced.text);
    const translated = translationsOf(synced.text);
    files.set(
      compiledFile(locale, kind.dir),
      await compiledModule(
        locale,
        source.filter((m) => translated.has(m.code)).map((m) => [m.code, translated.get(m.code)!.text]),
        relative(root, path),
        kind.dir,
      ),
    );
    const untranslated = source.length - translated.size;
    report.push(
      `${relative(root, kind.dir)} ${locale}: ${translated.size} translated, ${untranslated} to translate` +
        codes('; new', synced.added) +
        codes('; English changed (marked fuzzy)', synced.changed) +
        codes('; dropped', synced.dropped),
    );
  }
  return source;
}

/**
 * A text made long and marked (the pseudo language, decision 0092): wrapped in ⟦…⟧ and lengthened by about
 * 40%, its {arguments} and plural cases kept as they are, so a screen shows at once a text left in English
 * (no marks), one cut off (no closing mark) or one that will not fit a longer language.
 */
export function pseudoText(text: string): string {
  const words = text.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, '').trim().length;
  return `⟦${text}${'·'.repeat(Math.max(1, Math.round(words * 0.4)))}⟧`;
}

/** Every file `npm run i18n` writes, with its text, and what changed in each language's catalogue. */
export async function generate(): Promise<{ files: Map<string, string>; report: string[] }> {
  const files = new Map<string, string>();
  const report: string[] = [];
  const messages = await generateKind(MESSAGE_CATALOGUE, files, report);
  const web = await generateKind(WEB_CATALOGUE, files, report);
  files.set(
    compiledFile('pseudo', WEB_I18N_DIR),
    await compiledModule(
      'pseudo',
      [...messages, ...web].map((m) => [m.code, pseudoText(m.text)]),
      `${MESSAGE_CATALOGUE.from} and ${WEB_CATALOGUE.from}`,
      WEB_I18N_DIR,
    ),
  );
  return { files, report };
}

/** The arguments of an ICU text: each name, and for a plural or select its cases, for comparing languages. */
export function argumentsOf(text: string): { names: string[]; cases: Map<string, string[]> } {
  const names = new Set<string>();
  const cases = new Map<string, string[]>();
  // Lingui's compiled form: a text is a string or a list of strings and [name] or [name, type, format].
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, type, format] = token as [string, string?, unknown?];
      names.add(name);
      if ((type === 'plural' || type === 'select' || type === 'selectordinal') && format && typeof format === 'object') {
        const branches = Object.entries(format).filter(([key]) => key !== 'offset');
        cases.set(name, [...(cases.get(name) ?? []), ...branches.map(([key]) => key)]);
        for (const [, branch] of branches) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(text));
  return { names: [...names].sort(), cases };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, report } = await generate();
  for (const [path, text] of files) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) {
      writeFileSync(path, text);
      console.log(`wrote ${relative(root, path)}`);
    }
  }
  for (const line of report) console.log(line);
}
