import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@pharma/domain/contract/auth';
import { buildAuthorization } from '../test/authorization.ts';
import { can } from './can.ts';
import type { SessionState } from './session.ts';

const user: SessionResponse['user'] = { id: 'u1', user_type: 'operator', nric: '', firstName: 'A', lastName: 'B', email: 'a@b.c' };
const signedIn = (authorization: SessionResponse['authorization']): SessionState => ({
  status: 'authenticated',
  session: { user, authorization },
});

describe('can', () => {
  it('hides every control while loading or signed out, except public ones', () => {
    const scan = { application: 'LDC', module: 'RECEIVE', action: 'Scan' } as const;
    expect(can(scan, { status: 'loading' })).toBe(false);
    expect(can(scan, { status: 'unauthenticated' })).toBe(false);
    expect(can({ public: true }, { status: 'unauthenticated' })).toBe(true);
  });

  it('answers per action, as the server does', () => {
    const auth = buildAuthorization({ LDC: [] });
    auth.applications = [
      {
        application: 'LDC',
        modules: [{ module: 'RECEIVE', isCompletelyPermitted: false, features: [{ feature: 'List', actions: ['Scan'] }] }],
      },
    ];
    const session = signedIn(auth);
    expect(can({ application: 'LDC', module: 'RECEIVE', feature: 'List', action: 'Scan' }, session)).toBe(true);
    expect(can({ application: 'LDC', module: 'RECEIVE', action: 'Complete' }, session)).toBe(false);
    expect(can({ application: 'LDC', module: 'RECEIVE', feature: 'DetailsPage' }, session)).toBe(false);
    expect(can({ application: 'RDC', module: 'RECEIVE' }, session)).toBe(false);
  });

  it('grants everything under a completely permitted module, and rights only to their holders', () => {
    const auth = buildAuthorization({ LDC: ['REDRESS'] });
    expect(can({ application: 'LDC', module: 'REDRESS', action: 'ReopenDocument' }, signedIn(auth))).toBe(true);
    expect(can({ right: 'ADMIN' }, signedIn(auth))).toBe(false);
    expect(can({ right: 'ADMIN' }, signedIn({ ...auth, rights: ['ADMIN'] }))).toBe(true);
  });
});
