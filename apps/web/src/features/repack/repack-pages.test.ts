import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { LDC_ROUTES, RDC_ROUTES, type RouteMeta } from '../../config/routes.ts';
import { REPACK_PAGES, REPACK_TARGETS } from '../../config/navigation.ts';
import { routeTitle } from '../../lib/route-meta.ts';

/** The route a link leads to, as the router matches it, and the header it shows there. */
function landing(link: string): { meta: RouteMeta; title: string } {
  const url = new URL(link, 'http://app.test');
  const routes = [...RDC_ROUTES, ...LDC_ROUTES];
  // The router ranks a static segment above a parameter: /rdc/pallet/repack before /rdc/pallet/:sscc.
  const exact = routes.find((r) => r.path === url.pathname);
  const found = exact ?? routes.find((r) => matchPath(r.path, url.pathname));
  if (!found) throw new Error(`no route for ${link}`);
  const params = matchPath(found.path, url.pathname)?.params ?? {};
  return { meta: found, title: routeTitle(found, { params, search: url.searchParams, isWo: false }) };
}

describe('repack page links (decision 0049)', () => {
  it('lead to the repack screens with the spec headers', () => {
    expect(landing(REPACK_PAGES.open('506141410000000017'))).toMatchObject({ meta: { page: 'repackScan' }, title: 'Repack Scan' });
    expect(landing(REPACK_PAGES.edit('RP00000001'))).toMatchObject({ meta: { page: 'repackEdit' }, title: 'Repack - Edit Pallet' });
    expect(landing(REPACK_PAGES.view('RP00000001'))).toMatchObject({
      meta: { page: 'repackView', back: 'hidden' },
      title: 'Repack - View Pallet',
    });
    expect(landing(REPACK_TARGETS.withDocument('DOC-1'))).toMatchObject({
      meta: { page: 'repackLocal', back: 'scan' },
      title: 'Scan Material No.',
    });
    expect(landing(REPACK_TARGETS.outsideDocuments)).toMatchObject({ meta: { page: 'repackLocal', back: 'scan' } });
  });

  it("title the local completion by the destination's type (spec point 2)", () => {
    expect(landing(REPACK_PAGES.completion('RP00000001', 'PLT'))).toMatchObject({
      meta: { page: 'repackCompletion' },
      title: 'Repack - View Pallet',
    });
    expect(landing(REPACK_PAGES.completion('RP00000001', 'CTN')).title).toBe('Repack - View Carton');
  });

  it('name the repack and the SSCC in the query', () => {
    expect(REPACK_PAGES.edit('RP00000001')).toBe('/rdc/pallet/repack?repackNo=RP00000001');
    expect(REPACK_PAGES.completion('RP00000002', 'CTN')).toBe(
      '/ldc/repackComplete/repackCompletionDetail?repackNo=RP00000002&destinationType=CTN',
    );
    expect(REPACK_PAGES.printLabel('506141410000000017')).toBe('/rdc/printLabel?sscc=506141410000000017');
  });
});
