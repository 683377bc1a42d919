import {
  isAction,
  isLocale,
  type Application,
  type ApplicationGrant,
  type Authorization,
  type ModuleCode,
  type ModuleGrant,
} from '@pharma/domain';
import type { SessionUser } from '@pharma/domain/contract/auth';
import type { Db } from '../../db/database.ts';
import type { RefreshTokenRow, UserRow } from '../../db/schema.ts';

/** The rows this repository hands out, named here so that a service need not import db/schema.ts (decision 0088). */
export type { UserRow };

type Executor = Db;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The signed-in user if the session family is still live and the account enabled: one query. */
export function findLiveSessionUser(db: Executor, userId: string, familyId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', userId)
    .where('users.disabled', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('refresh_tokens')
          .select('refresh_tokens.id')
          .where('refresh_tokens.family_id', '=', familyId)
          .where('refresh_tokens.user_id', '=', userId)
          .where('refresh_tokens.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    user_type: row.user_type,
    nric: row.nric,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    ...(isLocale(row.language) ? { language: row.language } : {}),
  };
}

/** The union of every role's grants: areas, modules, features with actions, rights. */
export async function loadAuthorization(db: Executor, userId: string): Promise<Authorization> {
  const roleIds = db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId);
  const [areas, modules, features, rights] = await Promise.all([
    db.selectFrom('role_areas').select('application').distinct().where('role_id', 'in', roleIds).execute(),
    db.selectFrom('role_modules').selectAll().where('role_id', 'in', roleIds).execute(),
    db.selectFrom('role_features').selectAll().where('role_id', 'in', roleIds).execute(),
    db.selectFrom('role_rights').select('right_name').distinct().where('role_id', 'in', roleIds).execute(),
  ]);
  const apps = new Map<Application, Map<ModuleCode, ModuleGrant>>();
  const moduleGrant = (application: Application, module: ModuleCode): ModuleGrant => {
    const byModule = apps.get(application) ?? new Map<ModuleCode, ModuleGrant>();
    apps.set(application, byModule);
    const grant = byModule.get(module) ?? { module, isCompletelyPermitted: false, features: [] };
    byModule.set(module, grant);
    return grant;
  };
  for (const m of modules) {
    const grant = moduleGrant(m.application, m.module);
    grant.isCompletelyPermitted ||= m.is_completely_permitted === 1;
  }
  for (const f of features) {
    const grant = moduleGrant(f.application, f.module);
    const actions = f.actions.split(',').filter(isAction);
    const existing = grant.features.find((x) => x.feature === f.feature);
    if (existing) existing.actions = [...new Set([...existing.actions, ...actions])];
    else grant.features.push({ feature: f.feature, actions });
  }
  const applications: ApplicationGrant[] = [...apps].map(([application, byModule]) => ({ application, modules: [...byModule.values()] }));
  return {
    authorizedMicroApp: areas.map((a) => a.application).sort(),
    applications,
    rights: rights.map((r) => r.right_name).sort(),
  };
}

export async function insertRefreshToken(
  db: Executor,
  row: { id: string; familyId: string; userId: string; hash: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: row.id,
      family_id: row.familyId,
      user_id: row.userId,
      token_hash: row.hash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      rotated_at: null,
      revoked_at: null,
    })
    .execute();
}

export function findRefreshToken(db: Executor, hash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

/** Marks a token used; false when another request used it first. */
export async function markRotated(db: Executor, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeFamily(db: Executor, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
