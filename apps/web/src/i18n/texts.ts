import { BATCH_STATUS_WORDS, COUNT_REASON_LABELS, FAMILIES, LITE_FAMILIES, UNIT_LABELS } from '@pharma/domain';
import * as LABELS from '../config/labels.ts';

/**
 * Every text of the web's catalogue (issue 33, decision 0092) and where it lives: the label objects of
 * config/labels.ts (`TITLES.home`), the registry's display texts (`family.IBD.menu.label`,
 * `lite.OBD+.name`) and the domain's display words the web shows (`UNIT_LABELS.PLT`). One walk serves
 * `npm run i18n` (the English of each key, read from the place) and the start of the app (a language's
 * text put in each place, before any screen reads it).
 */
export interface TextPlace {
  /** The catalogue's key (msgctxt): stable, as the translators' PO files name it. */
  key: string;
  holder: Record<string, unknown>;
  field: string;
}

type Node = Record<string, unknown>;

function isObject(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The places of every text of the web's catalogue, in source order; a place reached twice (a shared page list) comes once. */
export function textPlaces(): TextPlace[] {
  const places: TextPlace[] = [];
  const seen = new Set<Node>();
  const keys = new Set<string>();
  const add = (key: string, holder: Node, field: string): void => {
    if (typeof holder[field] !== 'string') return;
    if (keys.has(key)) throw new Error(`The web's catalogue has the key ${key} twice`);
    keys.add(key);
    places.push({ key, holder, field });
  };
  /** Every string of an object and of the objects in it, keyed by its path. */
  const walk = (prefix: string, node: Node): void => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const [field, value] of Object.entries(node)) {
      if (typeof value === 'string') add(`${prefix}.${field}`, node, field);
      else if (isObject(value)) walk(`${prefix}.${field}`, value);
    }
  };

  // By name: a module's namespace lists its exports sorted in Node and in source order under Vite.
  const groups = Object.entries(LABELS).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [name, value] of groups) if (isObject(value)) walk(name, value);

  for (const family of FAMILIES) {
    const prefix = `family.${family.type}`;
    walk(`${prefix}.labels`, family.labels as unknown as Node);
    if (family.reopen) {
      add(`${prefix}.reopen.title`, family.reopen as unknown as Node, 'title');
      add(`${prefix}.reopen.text`, family.reopen as unknown as Node, 'text');
    }
    const web = family.web as Node | undefined;
    if (!web) continue;
    if (isObject(web.menu)) add(`${prefix}.menu.label`, web.menu, 'label');
    add(`${prefix}.unitScanTitle`, web, 'unitScanTitle');
    for (const [area, pages] of Object.entries((web.pages ?? {}) as Record<string, readonly Node[]>)) {
      for (const page of pages) {
        if (seen.has(page)) continue;
        seen.add(page);
        add(`${prefix}.${area}.${page.page as string}.title`, page, 'title');
        add(`${prefix}.${area}.${page.page as string}.woTitle`, page, 'woTitle');
      }
    }
  }

  for (const lite of LITE_FAMILIES) {
    const prefix = `lite.${lite.family.type}`;
    add(`${prefix}.name`, lite as unknown as Node, 'name');
    walk(`${prefix}.labels`, lite.labels as unknown as Node);
    add(`${prefix}.itemScanTitle`, lite.web as unknown as Node, 'itemScanTitle');
    // Its engine entry's labels: its own number, else its base family's words (the same key, translated once).
    const base = FAMILIES.find((f) => `${f.type}+` === lite.family.type);
    const labels = lite.family.labels as unknown as Node;
    for (const [field, value] of Object.entries(labels)) {
      const same = base && (base.labels as unknown as Node)[field] === value;
      const key = same ? `family.${base.type}.labels.${field}` : `${prefix}.family.labels.${field}`;
      if (same) places.push({ key, holder: labels, field });
      else add(key, labels, field);
    }
  }

  walk('UNIT_LABELS', UNIT_LABELS);
  walk('BATCH_STATUS_WORDS', BATCH_STATUS_WORDS);
  walk('COUNT_REASON_LABELS', COUNT_REASON_LABELS);
  return places;
}
