import { describe, expect, it } from 'vitest';
import { emptyRole, findGrant, grantSummary, normalizeRole, setEverything, toggleAction, toggleArea, toggleFeature } from './role-draft.ts';

describe('role draft', () => {
  it('grants one feature of one module, with an action, in the table order', () => {
    let body = toggleArea(emptyRole(), 'LDC', true);
    body = toggleFeature(body, 'LDC', 'RECEIVE', 'DetailsPage', true);
    body = toggleFeature(body, 'LDC', 'RECEIVE', 'List', true);
    body = toggleAction(body, 'LDC', 'RECEIVE', 'List', 'Scan', true);
    body = toggleAction(body, 'LDC', 'RECEIVE', 'List', 'Filter', true);
    expect(normalizeRole({ ...body, name: '  Receivers ' })).toEqual({
      name: 'Receivers',
      description: '',
      areas: ['LDC'],
      rights: [],
      applications: [
        {
          application: 'LDC',
          modules: [
            {
              module: 'RECEIVE',
              isCompletelyPermitted: false,
              features: [
                { feature: 'List', actions: ['Filter', 'Scan'] },
                { feature: 'DetailsPage', actions: [] },
              ],
            },
          ],
        },
      ],
    });
  });

  it('offers only what the module can have', () => {
    const body = toggleFeature(emptyRole(), 'LDC', 'RECEIVE', 'Search', true);
    expect(findGrant(body, 'LDC', 'RECEIVE')).toBeUndefined();
    const withList = toggleFeature(emptyRole(), 'LDC', 'RTP', 'List', true);
    expect(toggleAction(withList, 'LDC', 'RTP', 'List', 'DeleteScannedItem', true)).toEqual(withList);
  });

  it('turns Everything on to the whole tree and off to nothing', () => {
    const on = setEverything(emptyRole(), 'RDC', 'DISPATCH', true);
    expect(findGrant(on, 'RDC', 'DISPATCH')?.isCompletelyPermitted).toBe(true);
    const off = setEverything(on, 'RDC', 'DISPATCH', false);
    expect(normalizeRole(off).applications).toEqual([]);
  });

  it('drops unticked features and keeps the areas in order', () => {
    let body = toggleArea(toggleArea(emptyRole(), 'LDC', true), 'RDC', true);
    body = toggleFeature(body, 'RDC', 'GLOBAL', 'Search', true);
    body = toggleFeature(body, 'RDC', 'GLOBAL', 'Search', false);
    expect(normalizeRole(body)).toMatchObject({ areas: ['RDC', 'LDC'], applications: [] });
    expect(toggleArea(body, 'RDC', false).areas).toEqual(['LDC']);
  });

  it('summarises the grants of an area', () => {
    let body = setEverything(emptyRole(), 'LDC', 'RTP', true);
    body = toggleFeature(body, 'LDC', 'RECEIVE', 'List', true);
    expect(grantSummary(normalizeRole(body), 'LDC', 'everything')).toBe('RECEIVE (List), RTP (everything)');
    expect(grantSummary(body, 'RDC', 'everything')).toBe('');
  });
});
