import { isAction, type Application, type ApplicationGrant } from '@pharma/domain';
import type { AdminUser, Role } from '@pharma/domain/contract/admin';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';

/** Users and roles as the admin screens see them. SQL only. */
export async function listUsers(db: Db, id?: string): Promise<AdminUser[]> {
  let users = db.selectFrom('users').selectAll().orderBy('email');
  let links = db.selectFrom('user_roles').selectAll();
  if (id) {
    users = users.where('id', '=', id);
    links = links.where('user_id', '=', id);
  }
  const [rows, userRoles] = await Promise.all([users.execute(), links.execute()]);
  const roleIds = new Map<string, string[]>();
  for (const l of userRoles) roleIds.set(l.user_id, [...(roleIds.get(l.user_id) ?? []), l.role_id]);
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    nric: u.nric,
    user_type: u.user_type,
    disabled: u.disabled === 1,
    roleIds: roleIds.get(u.id) ?? [],
  }));
}

export async function getUser(db: Db, id: string): Promise<AdminUser | undefined> {
  return (await listUsers(db, id))[0];
}

export function emailExists(db: Db, email: string): Promise<boolean> {
  return db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst().then(Boolean);
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Db, id: string, set: Partial<Pick<UsersTable, 'disabled' | 'user_type'>>): Promise<void> {
  if (Object.keys(set).length) await db.updateTable('users').set(set).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function setUserRoles(db: Db, userId: string, roleIds: string[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  if (roleIds.length)
    await db
      .insertInto('user_roles')
      .values(roleIds.map((role_id) => ({ user_id: userId, role_id })))
      .execute();
}

export async function existingRoleIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('roles').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

export async function revokeUserSessions(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function listRoles(db: Db, id?: string): Promise<Role[]> {
  const [roles, areas, modules, features, rights] = await Promise.all([
    db
      .selectFrom('roles')
      .selectAll()
      .orderBy('name')
      .$if(!!id, (q) => q.where('id', '=', id!))
      .execute(),
    db
      .selectFrom('role_areas')
      .selectAll()
      .$if(!!id, (q) => q.where('role_id', '=', id!))
      .execute(),
    db
      .selectFrom('role_modules')
      .selectAll()
      .$if(!!id, (q) => q.where('role_id', '=', id!))
      .execute(),
    db
      .selectFrom('role_features')
      .selectAll()
      .$if(!!id, (q) => q.where('role_id', '=', id!))
      .execute(),
    db
      .selectFrom('role_rights')
      .selectAll()
      .$if(!!id, (q) => q.where('role_id', '=', id!))
      .execute(),
  ]);
  return roles.map((r) => {
    const applications: ApplicationGrant[] = [];
    const app = (application: Application) => {
      let found = applications.find((a) => a.application === application);
      if (!found) applications.push((found = { application, modules: [] }));
      return found;
    };
    for (const m of modules.filter((m) => m.role_id === r.id)) {
      app(m.application).modules.push({
        module: m.module,
        isCompletelyPermitted: m.is_completely_permitted === 1,
        features: features
          .filter((f) => f.role_id === r.id && f.application === m.application && f.module === m.module)
          .map((f) => ({
            feature: f.feature,
            actions: f.actions.split(',').filter(isAction),
          })),
      });
    }
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      areas: areas.filter((a) => a.role_id === r.id).map((a) => a.application),
      applications,
      rights: rights.filter((x) => x.role_id === r.id).map((x) => x.right_name),
    };
  });
}

export function roleNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('roles').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst().then(Boolean);
}

/** Writes a role and replaces all its grants. */
export async function saveRole(db: Db, role: Role, isNew: boolean): Promise<void> {
  if (isNew) await db.insertInto('roles').values({ id: role.id, name: role.name, description: role.description }).execute();
  else {
    await db.updateTable('roles').set({ name: role.name, description: role.description }).where('id', '=', role.id).execute();
    for (const table of ['role_areas', 'role_modules', 'role_features', 'role_rights'] as const) {
      await db.deleteFrom(table).where('role_id', '=', role.id).execute();
    }
  }
  const id = role.id;
  if (role.areas.length)
    await db
      .insertInto('role_areas')
      .values(role.areas.map((application) => ({ role_id: id, application })))
      .execute();
  const modules = role.applications.flatMap((a) => a.modules.map((m) => ({ application: a.application, m })));
  if (modules.length) {
    await db
      .insertInto('role_modules')
      .values(
        modules.map(({ application, m }) => ({
          role_id: id,
          application,
          module: m.module,
          is_completely_permitted: m.isCompletelyPermitted ? 1 : 0,
        })),
      )
      .execute();
  }
  const features = modules.flatMap(({ application, m }) =>
    m.features.map((f) => ({ role_id: id, application, module: m.module, feature: f.feature, actions: f.actions.join(',') })),
  );
  if (features.length) await db.insertInto('role_features').values(features).execute();
  if (role.rights.length)
    await db
      .insertInto('role_rights')
      .values(role.rights.map((right_name) => ({ role_id: id, right_name })))
      .execute();
}
