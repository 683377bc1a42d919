import { describe, expect, it } from 'vitest';
import { buildAuthorization } from '../test/authorization.ts';
import { decideAccess } from './access.ts';

const signedIn = (grants: Parameters<typeof buildAuthorization>[0]) => ({ status: 'authenticated' as const, authorization: buildAuthorization(grants) });

describe('decideAccess', () => {
  it('lets anyone through to public pages', () => {
    expect(decideAccess({ area: undefined, module: undefined, session: { status: 'unauthenticated' }, currentPath: '/403' })).toEqual({ kind: 'allow' });
  });

  it('waits while the session loads', () => {
    expect(decideAccess({ area: 'RDC', module: undefined, session: { status: 'loading' }, currentPath: '/rdc' })).toEqual({ kind: 'wait' });
  });

  it('sends an anonymous user to the area login with returnPath', () => {
    expect(decideAccess({ area: 'LDC', module: 'RTP', session: { status: 'unauthenticated' }, currentPath: '/ldc/rtpList?x=1' })).toEqual({
      kind: 'redirect',
      to: '/ldc/login?returnPath=%2Fldc%2FrtpList%3Fx%3D1',
    });
  });

  it('sends a user without the area to /restricted and without the module to /403', () => {
    expect(decideAccess({ area: 'RDC', module: undefined, session: signedIn({ LDC: [] }), currentPath: '/rdc' })).toEqual({ kind: 'redirect', to: '/restricted' });
    expect(decideAccess({ area: 'LDC', module: 'RTP', session: signedIn({ LDC: ['DISPATCH'] }), currentPath: '/ldc/rtpList' })).toEqual({ kind: 'redirect', to: '/403' });
    expect(decideAccess({ area: 'LDC', module: 'RTP', session: signedIn({ LDC: ['RTP'] }), currentPath: '/ldc/rtpList' })).toEqual({ kind: 'allow' });
  });
});
