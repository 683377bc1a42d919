import { describe, expect, it } from 'vitest';
import { ADD_UNIT_LABELS, FAMILIES, LITE_FAMILIES, MESSAGES, UNIT_LABELS } from '@pharma/domain';
import glossary from '../../../../docs/glossary.md?raw';
import * as labels from './labels.ts';
import { LIST_TYPES, MENU, TILES } from './navigation.ts';
import { APP_ROUTES, LDC_ROUTES, NOT_FOUND_ROUTE, OTHER_ROUTES, RDC_ROUTES } from './routes.ts';

/** A text the product may show, and where it comes from ('TITLES.snList', 'MESSAGES.NO_RESULTS'). */
interface Shown {
  where: string;
  text: string;
}

/** The words docs/glossary.md's table 'Words not shown' lists: the first cell of each row, in backticks. */
function bannedWords(markdown: string): string[] {
  const section = markdown.split(/^## Words not shown\s*$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1])
    .filter((word): word is string => word !== undefined);
}

/** Whole words, any case: 'SN List' is found in 'Open the SN list', not in 'SN Listing'. */
function wordPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = /^\w/.test(word) ? '\\b' : '';
  const end = /\w$/.test(word) ? '\\b' : '';
  return new RegExp(`${start}${escaped}${end}`, 'i');
}

/** Every text that shows a banned word, as 'where: word'. */
function bannedIn(shown: readonly Shown[], banned: readonly string[]): string[] {
  const patterns = banned.map((word) => [word, wordPattern(word)] as const);
  return shown.flatMap(({ where, text }) => patterns.filter(([, pattern]) => pattern.test(text)).map(([word]) => `${where}: ${word}`));
}

/** The strings of an object, however deep, each with its path. */
function stringsOf(value: unknown, where: string): Shown[] {
  if (typeof value === 'string') return [{ where, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringsOf(item, `${where}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsOf(item, `${where}.${key}`));
  return [];
}

/** What the web may show: its labels, titles, menu entries and list types; the domain's messages and family words. */
function everythingShown(): Shown[] {
  const routes = [...RDC_ROUTES, ...LDC_ROUTES, ...OTHER_ROUTES, ...APP_ROUTES, NOT_FOUND_ROUTE];
  return [
    ...Object.entries(labels).flatMap(([name, value]) => (typeof value === 'function' ? [] : stringsOf(value, name))),
    ...routes.map((route) => ({ where: `route ${route.path}`, text: route.title })),
    ...Object.entries(TILES).flatMap(([area, entries]) => entries.map((e) => ({ where: `TILES.${area}`, text: e.label }))),
    ...Object.entries(MENU).flatMap(([area, entries]) => entries.map((e) => ({ where: `MENU.${area}`, text: e.label }))),
    ...LIST_TYPES.map((t) => ({ where: 'LIST_TYPES', text: t.label })),
    ...stringsOf(MESSAGES, 'MESSAGES'),
    ...stringsOf(UNIT_LABELS, 'UNIT_LABELS'),
    ...stringsOf(ADD_UNIT_LABELS, 'ADD_UNIT_LABELS'),
    ...FAMILIES.flatMap((family) => stringsOf(family.labels, `${family.type} labels`)),
    ...LITE_FAMILIES.flatMap((lite) => stringsOf({ name: lite.name, labels: lite.labels }, `${lite.family.module}`)),
  ];
}

describe('docs/glossary.md: one word for one thing (issue 27)', () => {
  const banned = bannedWords(glossary);

  it("reads the glossary's words not shown", () => {
    expect(banned).toEqual(expect.arrayContaining(['SN List', 'SN Details', '<GS>', 'REPACK_PENDING', 'DetailsPage']));
  });

  it('finds a banned word in a label, whole words and any case: a new SN List fails this test', () => {
    const shown = [
      { where: 'TITLES.snList', text: 'SN List' },
      { where: 'a message', text: 'Open the sn list again.' },
      { where: 'fine', text: 'SN No.' },
      { where: 'fine too', text: 'SN Listing' },
      { where: 'a raw code', text: 'Pack 0108881234100740<GS>21X read: sending…' },
    ];
    expect(bannedIn(shown, banned)).toEqual(['TITLES.snList: SN List', 'a message: SN List', 'a raw code: <GS>']);
  });

  it('no label, title, menu entry, family word or message shows a word the glossary bans', () => {
    const shown = everythingShown();
    expect(shown.length).toBeGreaterThan(300);
    expect(bannedIn(shown, banned)).toEqual([]);
  });

  it("calls the scrapping note's list and details by the spec's headers in both areas", () => {
    const title = (path: string) => [...RDC_ROUTES, ...LDC_ROUTES].find((route) => route.path === path)?.title;
    expect([title('/rdc/decommList'), title('/ldc/decommList')]).toEqual(['Scrapping Note List', 'Scrapping Note List']);
    expect([title('/rdc/decommNo/:decommNo'), title('/ldc/decommDetails/:decommDetails')]).toEqual([
      'Scrapping Details',
      'Scrapping Details',
    ]);
  });
});
