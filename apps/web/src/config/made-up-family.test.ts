import { describe, expect, it } from 'vitest';
import { createRegistry, FAMILIES, LITE_FAMILIES, type ModuleCode } from '@pharma/domain';
import { quarantineMove } from '../../../../packages/domain/src/families/made-up-family.fixture.ts';
import { routeModule, routeTitle } from '../lib/route-meta.ts';
import { MENU, navigation, TILES, type NavEntry } from './navigation.ts';
import { areaRoutes, LDC_ROUTES, RDC_ROUTES } from './routes.ts';

/**
 * The web's side of decision 0085's proof (apps/server/test/made-up-family.test.ts): a family that exists
 * only in this test, a quarantine move with regional pages, a tile and a menu entry, gets its routes, their
 * headers and needs, and its place in the menu and the tiles from its registry entry alone (decision 0086).
 */

// Its module, as the route table and the menu carry it: the literal type names the default registry's modules.
const QMOVE = 'QMOVE' as ModuleCode;
const registry = createRegistry([...FAMILIES, quarantineMove], LITE_FAMILIES);
const routes = areaRoutes(registry);
const nav = navigation(registry, routes);
const ctx = { params: { qmoveNo: 'QM1' }, search: new URLSearchParams(), isWo: false };

describe('a family given to the web only by this test', () => {
  it('has its pages in the area its entry names, with their headers and the feature each needs', () => {
    const list = routes.RDC.find((route) => route.path === '/rdc/qmoveList');
    const details = routes.RDC.find((route) => route.path === '/rdc/qmoveNo/:qmoveNo');
    expect(list).toMatchObject({ area: 'RDC', family: 'QMOVE', module: 'QMOVE', feature: 'List', page: 'documentList' });
    expect(details).toMatchObject({ area: 'RDC', family: 'QMOVE', module: 'QMOVE', feature: 'DetailsPage', page: 'documentDetails' });
    expect(list && routeTitle(list, ctx)).toBe('Quarantine Move List');
    expect(details && routeTitle(details, ctx)).toBe('QM Details');
    expect(details && routeModule(details, ctx.params)).toBe(QMOVE);
    expect(routes.LDC.filter((route) => route.module === QMOVE)).toEqual([]);
  });

  it('has its tile and menu entry in its place among the area’s, leading to its list', () => {
    const entry: NavEntry = { label: 'Quarantine Move', module: QMOVE, action: { kind: 'link', to: '/rdc/qmoveList' } };
    // Its order (55) puts it after Decomm (50) and before the entries of our own pages.
    const after = (entries: readonly { label: string }[], label: string) => entries.findIndex((e) => e.label === label) + 1;
    const expectedMenu = [...MENU.RDC];
    expectedMenu.splice(after(MENU.RDC, 'Decomm'), 0, entry);
    expect(nav.menu.RDC).toEqual(expectedMenu);
    const expectedTiles = [...TILES.RDC];
    expectedTiles.splice(after(TILES.RDC, 'Decomm'), 0, entry);
    expect(nav.tiles.RDC).toEqual(expectedTiles);
    expect(nav.menu.LDC).toEqual(MENU.LDC);
  });

  it('leaves the app’s own tables, the default registry’s, without it', () => {
    expect([...RDC_ROUTES, ...LDC_ROUTES].some((route) => route.module === QMOVE)).toBe(false);
    expect(routes.RDC.filter((route) => route.module !== QMOVE)).toEqual(RDC_ROUTES);
    expect(routes.LDC).toEqual(LDC_ROUTES);
  });
});
