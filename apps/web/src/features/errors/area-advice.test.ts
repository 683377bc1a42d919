import { describe, expect, it } from 'vitest';
import { buildAuthorization } from '../../test/authorization.ts';
import { areaAdvice, noAccess } from './area-advice.ts';

describe('areaAdvice', () => {
  const local = buildAuthorization({ LDC: ['RECEIVE'] });

  it('a local account signed in at the regional login is told to use the local area, with a link', () => {
    expect(areaAdvice('RDC', local)).toEqual({
      text: 'This account cannot use the Regional distribution centre (RDC); it may use the Local distribution centre (LDC).',
      links: [{ to: '/ldc', label: 'Local distribution centre (LDC)' }],
    });
  });

  it('says nothing more without an area tried, for an account of that area, or for one with none', () => {
    expect(areaAdvice(null, local)).toBeUndefined();
    expect(areaAdvice('LDC', local)).toBeUndefined();
    expect(areaAdvice('XYZ', local)).toBeUndefined();
    expect(areaAdvice('RDC', buildAuthorization({}))).toBeUndefined();
    expect(areaAdvice('RDC', undefined)).toBeUndefined();
  });
});

describe('noAccess (issue 27: say what happened and whom to ask)', () => {
  const user = { email: 'nobody@demo.local' };

  it('an account with no role at all: it cannot use either site; ask an administrator', () => {
    expect(noAccess(null, user, buildAuthorization({}))).toEqual({
      kind: 'noRole',
      text: 'The account nobody@demo.local has no role yet, so it cannot use either site. Ask an administrator to give it a role.',
    });
    expect(noAccess('LDC', user, buildAuthorization({}))?.kind).toBe('noRole');
  });

  it('an account with roles in the other area only: ask an administrator for a role in the one tried', () => {
    expect(noAccess('RDC', user, buildAuthorization({ LDC: ['RECEIVE'] }))).toEqual({
      kind: 'noRoleInArea',
      text: 'To use the Regional distribution centre (RDC), ask an administrator for a role there.',
    });
  });

  it("an account with a role in the area but not for the page: home is the area's", () => {
    const both = buildAuthorization({ LDC: ['RECEIVE'], RDC: ['RECEIVE'] });
    expect(noAccess(null, user, both, 'LDC')).toEqual({
      kind: 'noRoleForPage',
      text: 'None of the roles of nobody@demo.local opens this page. Ask an administrator if you need it.',
      home: '/ldc',
    });
    expect(noAccess(null, user, buildAuthorization({ RDC: ['RECEIVE'] }), 'LDC')).toMatchObject({ kind: 'noRoleForPage', home: '/rdc' });
  });

  it('reads the area only as RDC or LDC: anything else is no area tried', () => {
    const regional = buildAuthorization({ RDC: ['RECEIVE'] });
    for (const tried of ['ldc', 'XYZ', '', 'LDC ', null]) {
      expect(noAccess(tried, user, regional, 'RDC')).toMatchObject({ kind: 'noRoleForPage', home: '/rdc' });
      expect(areaAdvice(tried, regional)).toBeUndefined();
    }
    expect(noAccess('LDC', user, regional, 'RDC')?.kind).toBe('noRoleInArea');
  });

  it('says nothing more to an anonymous visitor', () => {
    expect(noAccess(null, undefined, undefined)).toBeUndefined();
  });
});
