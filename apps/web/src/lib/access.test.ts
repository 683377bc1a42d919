import { describe, expect, it } from 'vitest';
import { buildAuthorization } from '../test/authorization.ts';
import { decideAccess } from './access.ts';

const signedIn = (grants: Parameters<typeof buildAuthorization>[0]) => ({
  status: 'authenticated' as const,
  authorization: buildAuthorization(grants),
});

describe('decideAccess', () => {
  it('lets anyone through to public pages', () => {
    expect(decideAccess({ area: undefined, module: undefined, session: { status: 'unauthenticated' }, currentPath: '/403' })).toEqual({
      kind: 'allow',
    });
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

  it('sends a user without the area to /restricted, naming the area tried when the account has another, and without the module to /403', () => {
    expect(decideAccess({ area: 'RDC', module: undefined, session: signedIn({ LDC: [] }), currentPath: '/rdc' })).toEqual({
      kind: 'redirect',
      to: '/restricted?area=RDC',
    });
    expect(decideAccess({ area: 'LDC', module: 'RECEIVE', session: signedIn({ RDC: ['RECEIVE'] }), currentPath: '/ldc/ibdList' })).toEqual({
      kind: 'redirect',
      to: '/restricted?area=LDC',
    });
    // No role at all: no area to name, the page says so (decision 0067).
    expect(decideAccess({ area: 'LDC', module: 'RECEIVE', session: signedIn({}), currentPath: '/ldc/ibdList' })).toEqual({
      kind: 'redirect',
      to: '/restricted',
    });
    expect(decideAccess({ area: 'LDC', module: 'RTP', session: signedIn({ LDC: ['DISPATCH'] }), currentPath: '/ldc/rtpList' })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(decideAccess({ area: 'LDC', module: 'RTP', session: signedIn({ LDC: ['RTP'] }), currentPath: '/ldc/rtpList' })).toEqual({
      kind: 'allow',
    });
  });

  it('needs the page feature in its module (spec point 6: else the 403 page)', () => {
    const viewer = { status: 'authenticated' as const, authorization: buildAuthorization({ LDC: [] }) };
    viewer.authorization.applications = [
      { application: 'LDC', modules: [{ module: 'RECEIVE+', isCompletelyPermitted: false, features: [{ feature: 'List', actions: [] }] }] },
    ];
    const page = { area: 'LDC' as const, session: viewer, currentPath: '/ldc/x' };
    expect(decideAccess({ ...page, module: 'RECEIVE+', feature: 'List' })).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...page, module: 'RECEIVE+', feature: 'DetailsPage' })).toEqual({ kind: 'redirect', to: '/403' });
    // A lite material page opened without its module: the feature must be granted in some module.
    expect(decideAccess({ ...page, module: undefined, feature: 'CreateMaterialBatch' })).toEqual({ kind: 'redirect', to: '/403' });
    expect(decideAccess({ ...page, module: undefined, feature: 'List' })).toEqual({ kind: 'allow' });
  });

  it('needs the action of a page that is nothing but that action (a tool page, decision 0057)', () => {
    const viewer = { status: 'authenticated' as const, authorization: buildAuthorization({ RDC: [] }) };
    viewer.authorization.applications = [
      {
        application: 'RDC',
        modules: [{ module: 'REPACK', isCompletelyPermitted: false, features: [{ feature: 'DetailsPage', actions: [] }] }],
      },
    ];
    const page = { area: 'RDC' as const, session: viewer, currentPath: '/rdc/x' };
    expect(decideAccess({ ...page, module: 'REPACK', feature: 'DetailsPage' })).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...page, module: 'REPACK', action: 'CreateItem' })).toEqual({ kind: 'redirect', to: '/403' });
    expect(decideAccess({ ...page, module: 'GLOBAL', action: 'Print' })).toEqual({ kind: 'redirect', to: '/403' });
    const operator = { status: 'authenticated' as const, authorization: buildAuthorization({ RDC: ['REPACK', 'GLOBAL'] }) };
    expect(decideAccess({ ...page, session: operator, module: 'REPACK', action: 'CreateItem' })).toEqual({ kind: 'allow' });
    expect(decideAccess({ ...page, session: operator, module: 'GLOBAL', action: 'Print' })).toEqual({ kind: 'allow' });
  });

  it('guards a page outside the areas by its right, logging in at the remembered area', () => {
    const page = { area: undefined, module: undefined, right: 'ADMIN' as const, currentPath: '/admin' };
    expect(decideAccess({ ...page, session: { status: 'unauthenticated' } })).toEqual({
      kind: 'redirect',
      to: '/rdc/login?returnPath=%2Fadmin',
    });
    expect(decideAccess({ ...page, loginArea: 'LDC', session: { status: 'unauthenticated' } })).toEqual({
      kind: 'redirect',
      to: '/ldc/login?returnPath=%2Fadmin',
    });
    const operator = buildAuthorization({ LDC: ['RECEIVE'] });
    expect(decideAccess({ ...page, session: { status: 'authenticated', authorization: operator } })).toEqual({
      kind: 'redirect',
      to: '/403',
    });
    expect(
      decideAccess({
        ...page,
        session: { status: 'authenticated', authorization: { ...operator, authorizedMicroApp: [], rights: ['ADMIN'] } },
      }),
    ).toEqual({ kind: 'allow' });
  });
});
