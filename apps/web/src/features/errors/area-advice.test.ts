import { describe, expect, it } from 'vitest';
import { buildAuthorization } from '../../test/authorization.ts';
import { areaAdvice, awaitingGrant } from './area-advice.ts';

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

describe('awaitingGrant', () => {
  it('tells an account with no area that the admin must grant one, in the spec words', () => {
    expect(awaitingGrant(buildAuthorization({}))).toBe(
      'You are not authorized to access this module. Please contact the admin for required authorizations.',
    );
  });

  it('says nothing to an anonymous user or an account with an area', () => {
    expect(awaitingGrant(undefined)).toBeUndefined();
    expect(awaitingGrant(buildAuthorization({ LDC: [] }))).toBeUndefined();
  });
});
