import type { Role } from '@pharma/domain/contract/admin';

/** A role that gives the ADMIN right: whoever holds it manages every user and role. */
export function isAdminRole(role: Pick<Role, 'rights'>): boolean {
  return role.rights.includes('ADMIN');
}

/**
 * The roles giving the ADMIN right that `after` adds to `before` (issue 27): granting one asks first,
 * naming the user, on create and on edit. Keeping or removing one asks nothing.
 */
export function adminRolesGranted(before: readonly string[], after: readonly string[], roles: readonly Role[]): Role[] {
  const had = new Set(before);
  return roles.filter((role) => after.includes(role.id) && !had.has(role.id) && isAdminRole(role));
}

/** How the admin screen names a person: their name, else their email. */
export function personName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
