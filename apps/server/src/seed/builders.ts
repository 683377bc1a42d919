import { hash } from '@node-rs/argon2';
import {
  APPLICATIONS,
  AREA_MODULES,
  MODULE_FEATURES,
  fullModuleGrant,
  type Application,
  type ModuleGrant,
  type SystemRight,
} from '@pharma/domain';
import type { Db } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { saveRole } from '../api/admin/admin.repository.ts';

/**
 * Builders for users, roles and reference data. The demo seed, the API tests and the browser
 * tests all build their data with these, so every tier sees the same shapes.
 */
export interface RoleSpec {
  name: string;
  description?: string;
  areas: Application[];
  modules: { application: Application; grant: ModuleGrant }[];
  rights?: SystemRight[];
}

export async function buildRole(db: Db, spec: RoleSpec): Promise<string> {
  const applications = APPLICATIONS.map((application) => ({
    application,
    modules: spec.modules.filter((m) => m.application === application).map((m) => m.grant),
  })).filter((a) => a.modules.length > 0);
  const id = newId();
  await saveRole(
    db,
    { id, name: spec.name, description: spec.description ?? '', areas: spec.areas, applications, rights: spec.rights ?? [] },
    true,
  );
  return id;
}

/** Every module of the areas, completely permitted. */
export function everyModule(areas: Application[]): RoleSpec['modules'] {
  return areas.flatMap((application) => AREA_MODULES[application].map((m) => ({ application, grant: fullModuleGrant(m) })));
}

/** Every module of an area with its list and detail features (and Search) but no action. */
export function readOnlyModules(application: Application): RoleSpec['modules'] {
  return AREA_MODULES[application].map((module) => ({
    application,
    grant: {
      module,
      isCompletelyPermitted: false,
      features: MODULE_FEATURES[module]
        .filter((f) => f === 'List' || f === 'DetailsPage' || f === 'Search')
        .map((feature) => ({ feature, actions: [] })),
    },
  }));
}

export interface UserSpec {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  nric: string;
  userType: string;
  roleIds?: string[];
  disabled?: boolean;
}

export async function buildUser(db: Db, spec: UserSpec): Promise<string> {
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: spec.email.toLowerCase(),
      nric: spec.nric,
      first_name: spec.firstName,
      last_name: spec.lastName,
      user_type: spec.userType,
      password_hash: await hash(spec.password),
      disabled: spec.disabled ? 1 : 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  if (spec.roleIds?.length) {
    await db
      .insertInto('user_roles')
      .values(spec.roleIds.map((role_id) => ({ user_id: id, role_id })))
      .execute();
  }
  return id;
}
