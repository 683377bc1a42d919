import { describe, expect, it } from 'vitest';
import { FAMILIES, LITE_FAMILIES } from './registry.ts';

// The web builds its route table, menu, titles and drawings from these facts (decision 0086): what it
// relies on is checked here, where a new entry is written.
describe("the families' web facts", () => {
  const pages = FAMILIES.flatMap((family) =>
    Object.entries(family.web?.pages ?? {}).flatMap(([area, list]) => list.map((page) => ({ type: family.type, area, ...page }))),
  );

  it('names one family the scan routes default to: receiving (spec point 2, p defaults to IBD)', () => {
    expect(FAMILIES.filter((family) => family.web?.scanDefault).map((family) => family.type)).toEqual(['IBD']);
  });

  it('gives every page a path under its area and a header, in an area the family works in', () => {
    for (const page of pages) {
      expect(page.path, `${page.type} ${page.path}`).toMatch(/^\/[A-Za-z]/);
      expect(page.title.trim(), `${page.type} ${page.path}`).not.toBe('');
      expect(FAMILIES.find((family) => family.type === page.type)?.areas, `${page.type} ${page.path}`).toContain(page.area);
    }
  });

  it('shares a path between families only through its :moduleType segment, each giving the same page', () => {
    const byPath = new Map<string, typeof pages>();
    for (const page of pages) byPath.set(`${page.area}${page.path}`, [...(byPath.get(`${page.area}${page.path}`) ?? []), page]);
    const shared = [...byPath.values()].filter((list) => list.length > 1);
    expect(shared.map((list) => list.map((page) => `${page.area} ${page.path} ${page.type}`))).toEqual([
      ['LDC /doList/:moduleType OBD', 'LDC /doList/:moduleType SCANLITE'],
      ['LDC /doDetails/:moduleType OBD', 'LDC /doDetails/:moduleType SCANLITE'],
    ]);
    for (const list of shared) expect(new Set(list.map((page) => page.page)).size).toBe(1);
  });

  it('gives every family with a tile a list page to open, and every tile its own place', () => {
    for (const family of FAMILIES.filter((f) => f.web?.menu)) {
      expect(
        pages.some((page) => page.type === family.type && page.page === 'documentList'),
        family.type,
      ).toBe(true);
    }
    const orders = [...FAMILIES.flatMap((family) => family.web?.menu?.order ?? []), ...LITE_FAMILIES.map((lite) => lite.web.order)];
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('draws every full family and every lite one, a lite family as its base', () => {
    for (const family of FAMILIES) expect(family.web?.icon, family.type).toMatch(/^M/);
    const dispatchPlus = LITE_FAMILIES.find((lite) => lite.name === 'Dispatch+');
    expect(dispatchPlus?.family.web).toEqual({ icon: FAMILIES.find((family) => family.type === 'OBD')?.web?.icon });
  });
});
