import { MODULES } from '@pharma/domain';
import { describe, expect, it } from 'vitest';
import { MENU, TILES } from '../config/navigation.ts';
import { buildAuthorization } from '../test/authorization.ts';
import { visibleEntries } from './navigation.ts';

const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe('tiles and menus as data', () => {
  it('has the spec regional tiles and menu, in order', () => {
    // Search is ours: the spec's lists reach no search page.
    // Recall is ours too (issue 30, decision 0074): a batch's status and where its stock is; and Reports (issue 32, decision 0077);
    // Stock Take (issue 31, decision 0080); and Verification (issue 28, decision 0081).
    expect(labels(TILES.RDC)).toEqual([
      'Receive',
      'Dispatch',
      'Return',
      'Decomm',
      'Create New Pallet SSCC',
      'Print new label',
      'Search',
      'Recall',
      'Reports',
      'Stock Take',
      'Verification',
    ]);
    expect(labels(MENU.RDC)).toEqual([
      'Home',
      'Receive',
      'Dispatch',
      'Return',
      'Decomm',
      'Search',
      'Recall',
      'Reports',
      'Stock Take',
      'Verification',
      // Not in the spec's regional menu: the regional Settings page (the user's language, decision 0092).
      'Settings',
      'Admin',
    ]);
  });

  it('has the 16 local tiles, and the menu adds Home and Settings', () => {
    const local = [
      'Receive',
      'Redress',
      'Dispatch',
      'Return',
      'Decomm',
      'Transfer',
      'RTP',
      'Receive+',
      'Redress+',
      'Dispatch+',
      'Return+',
      'Decomm+',
      'Transfer+',
      'RTP+',
      'ScanLite',
      'Repack',
    ];
    expect(labels(TILES.LDC)).toEqual([...local, 'Search', 'Recall', 'Reports', 'Stock Take', 'Verification']);
    expect(labels(MENU.LDC)).toEqual(['Home', ...local, 'Search', 'Recall', 'Reports', 'Stock Take', 'Verification', 'Settings', 'Admin']);
  });

  it('maps modules to the spec paths', () => {
    const to = (label: string) => TILES.LDC.find((e) => e.label === label)?.action;
    expect(to('Dispatch')).toEqual({ kind: 'link', to: '/ldc/doList/OBD', resetDispatch: true });
    expect(to('ScanLite')).toEqual({ kind: 'link', to: '/ldc/doList/SCANLITE', resetDispatch: true });
    expect(to('Dispatch+')).toEqual({ kind: 'link', to: '/ldc/liteLists/DISPATCH%2B' });
    expect(to('Repack')).toEqual({ kind: 'repack' });
    expect(to('Search')).toEqual({ kind: 'link', to: '/ldc/searchPageLDC' });
    expect(TILES.RDC.find((e) => e.label === 'Search')?.action).toEqual({ kind: 'link', to: '/rdc/searchPage' });
    expect(to('Recall')).toEqual({ kind: 'link', to: '/ldc/recall' });
    expect(TILES.RDC.find((e) => e.label === 'Recall')?.action).toEqual({ kind: 'link', to: '/rdc/recall' });
    expect(to('Reports')).toEqual({ kind: 'link', to: '/ldc/reports' });
    expect(TILES.RDC.find((e) => e.label === 'Reports')?.action).toEqual({ kind: 'link', to: '/rdc/reports' });
    expect(MENU.LDC.find((e) => e.label === 'Reports')?.action).toEqual({ kind: 'link', to: '/ldc/reports' });
    expect(to('Stock Take')).toEqual({ kind: 'link', to: '/ldc/stockTakeList' });
    expect(MENU.RDC.find((e) => e.label === 'Stock Take')).toMatchObject({
      module: 'STOCKTAKE',
      action: { kind: 'link', to: '/rdc/stockTakeList' },
    });
  });

  it('opens the Verification page of the area, shown to holders of module VERIFY only (issue 28, decision 0081)', () => {
    expect(TILES.LDC.find((e) => e.label === 'Verification')?.action).toEqual({ kind: 'link', to: '/ldc/verification' });
    expect(MENU.RDC.find((e) => e.label === 'Verification')).toMatchObject({
      module: 'VERIFY',
      action: { kind: 'link', to: '/rdc/verification' },
    });
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['VERIFY'] })))).toEqual(['Verification']);
    expect(labels(visibleEntries(MENU.LDC, 'LDC', buildAuthorization({ LDC: ['REPORTS'] })))).not.toContain('Verification');
  });

  it('shows the Stock Take tile to holders of its module only (issue 31, decision 0080)', () => {
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['STOCKTAKE'] })))).toEqual(['Stock Take']);
    expect(labels(visibleEntries(TILES.LDC, 'LDC', buildAuthorization({ LDC: ['RECEIVE'] })))).not.toContain('Stock Take');
  });
});

describe('visibleEntries', () => {
  it('shows nothing to an anonymous user', () => {
    expect(visibleEntries(MENU.LDC, 'LDC', undefined)).toEqual([]);
  });

  it('shows Admin only to holders of the ADMIN right', () => {
    const auth = buildAuthorization({ RDC: ['RECEIVE'] });
    expect(labels(visibleEntries(MENU.RDC, 'RDC', auth))).toEqual(['Home', 'Receive', 'Settings']);
    expect(labels(visibleEntries(MENU.RDC, 'RDC', { ...auth, rights: ['ADMIN'] }))).toEqual(['Home', 'Receive', 'Settings', 'Admin']);
  });

  it('hides entries per module; Home and Settings bypass', () => {
    const auth = buildAuthorization({ LDC: ['DISPATCH', 'RTP+'] });
    expect(labels(visibleEntries(MENU.LDC, 'LDC', auth))).toEqual(['Home', 'Dispatch', 'RTP+', 'Settings']);
    expect(labels(visibleEntries(MENU.LDC, 'LDC', buildAuthorization({ LDC: ['REPACK'] })))).toEqual(['Home', 'Repack', 'Settings']);
  });

  it('shows Create New Pallet SSCC, Print new label and Repack only to holders of their actions (decision 0057)', () => {
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: [] })))).toEqual([]);
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['REPACK'] })))).toEqual(['Create New Pallet SSCC']);
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['GLOBAL'] })))).toEqual(['Print new label', 'Search']);
    // Read-only grants (the demo viewer's: lists, details and Search, no action) show none of them.
    const readOnly = buildAuthorization({ LDC: [] });
    readOnly.applications = [
      {
        application: 'LDC',
        modules: [
          { module: 'REPACK', isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions: [] }] },
          { module: 'GLOBAL', isCompletelyPermitted: false, features: [{ feature: 'Search', actions: [] }] },
        ],
      },
    ];
    expect(labels(visibleEntries(TILES.LDC, 'LDC', readOnly))).toEqual(['Search']);
    expect(
      labels(
        visibleEntries(TILES.RDC, 'RDC', {
          ...readOnly,
          authorizedMicroApp: ['RDC'],
          applications: [{ ...readOnly.applications[0]!, application: 'RDC' }],
        }),
      ),
    ).toEqual(['Search']);
  });

  it('shows Recall to a holder of module RECALL, its details page alone included (the page hides the changes)', () => {
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['RECALL'] })))).toEqual(['Recall']);
    const viewer = buildAuthorization({ LDC: [] });
    viewer.applications = [
      {
        application: 'LDC',
        modules: [{ module: 'RECALL', isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions: [] }] }],
      },
    ];
    expect(labels(visibleEntries(MENU.LDC, 'LDC', viewer))).toEqual(['Home', 'Recall', 'Settings']);
    expect(labels(visibleEntries(TILES.LDC, 'LDC', buildAuthorization({ LDC: ['DISPATCH'] })))).toEqual(['Dispatch']);
  });

  it('shows Reports to a holder of module REPORTS only (issue 32)', () => {
    expect(labels(visibleEntries(TILES.RDC, 'RDC', buildAuthorization({ RDC: ['REPORTS'] })))).toEqual(['Reports']);
    expect(labels(visibleEntries(MENU.LDC, 'LDC', buildAuthorization({ LDC: ['REPORTS'] })))).toEqual(['Home', 'Reports', 'Settings']);
    expect(labels(visibleEntries(TILES.LDC, 'LDC', buildAuthorization({ LDC: ['RECALL'] })))).toEqual(['Recall']);
  });

  it('shows everything to a user holding every module and the ADMIN right', () => {
    const auth = { ...buildAuthorization({ LDC: [...MODULES] }), rights: ['ADMIN' as const] };
    expect(visibleEntries(MENU.LDC, 'LDC', auth)).toHaveLength(MENU.LDC.length);
  });

  it('hides the area entries from a user of the other area', () => {
    const auth = buildAuthorization({ LDC: [...MODULES] });
    expect(visibleEntries(TILES.RDC, 'RDC', auth)).toEqual([]);
  });
});
