import { describe, expect, it } from 'vitest';
import type { Role } from '@pharma/domain/contract/admin';
import { adminRolesGranted, personName } from './admin-grant.ts';

const role = (id: string, rights: Role['rights'] = []): Role => ({ id, name: id, description: '', areas: [], applications: [], rights });
const ROLES = [role('Administrator', ['ADMIN', 'INTEGRATION']), role('Integrator', ['INTEGRATION']), role('LDC operator')];

describe('adminRolesGranted (issue 27)', () => {
  it('names the roles with the ADMIN right that the change adds', () => {
    expect(adminRolesGranted([], ['LDC operator', 'Administrator'], ROLES).map((r) => r.id)).toEqual(['Administrator']);
  });

  it('asks nothing when the user already had it, when it is removed, or for other rights', () => {
    expect(adminRolesGranted(['Administrator'], ['Administrator', 'LDC operator'], ROLES)).toEqual([]);
    expect(adminRolesGranted(['Administrator'], [], ROLES)).toEqual([]);
    expect(adminRolesGranted([], ['Integrator'], ROLES)).toEqual([]);
  });

  it('names a person by name, else by email', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Admin', email: 'a@x' })).toBe('Ada Admin');
    expect(personName({ firstName: ' ', lastName: '', email: 'a@x' })).toBe('a@x');
  });
});
