import { describe, expect, it } from 'vitest';
import { buildAuthorization } from '../../test/authorization.ts';
import { loginTarget } from './login-target.ts';

describe('loginTarget', () => {
  const local = buildAuthorization({ LDC: ['RECEIVE'] });

  it('goes to returnPath or the area home, or /restricted without the area', () => {
    expect(loginTarget('LDC', local, '/ldc/ibdList')).toBe('/ldc/ibdList');
    expect(loginTarget('LDC', local, null)).toBe('/ldc');
    expect(loginTarget('LDC', local, '/ldc/login')).toBe('/ldc');
    expect(loginTarget('RDC', local, '/rdc/ibdList')).toBe('/restricted?area=RDC');
    expect(loginTarget('RDC', buildAuthorization({}), null)).toBe('/restricted');
    expect(loginTarget('LDC', local, '//evil.example')).toBe('/ldc');
  });

  it('goes back to a page outside the areas, which guards itself', () => {
    expect(loginTarget('RDC', local, '/admin')).toBe('/admin');
  });
});
