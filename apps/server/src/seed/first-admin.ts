import type { Db } from '../db/database.ts';
import { writeAudit } from '../db/audit.ts';
import { buildRole, buildUser, everyModule } from './builders.ts';

const ADMIN_ROLE = 'Administrator';

/** Whether a live user holds the ADMIN right. */
async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('role_rights as rr', 'rr.role_id', 'ur.role_id')
    .select('u.id')
    .where('rr.right_name', '=', 'ADMIN')
    .where('u.disabled', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * An administrator with the operator's own email and password (decision 0021): the Administrator
 * role (both areas, every module, ADMIN and INTEGRATION), made if missing, and the user, audited.
 * With `onlyIfNone`, nothing is made while a live admin exists (the start-up path, run on every start).
 */
export async function createAdmin(
  db: Db,
  admin: { email: string; password: string },
  options: { onlyIfNone: boolean },
): Promise<'created' | 'admin-exists' | 'email-taken'> {
  return db.transaction().execute(async (trx) => {
    if (options.onlyIfNone && (await hasAdmin(trx))) return 'admin-exists';
    const email = admin.email.trim().toLowerCase();
    if (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) return 'email-taken';
    const role =
      (await trx.selectFrom('roles').select('id').where('name', '=', ADMIN_ROLE).executeTakeFirst())?.id ??
      (await buildRole(trx, {
        name: ADMIN_ROLE,
        description: 'Both areas, every module, user administration and ERP/EPCIS integration',
        areas: ['RDC', 'LDC'],
        modules: everyModule(['RDC', 'LDC']),
        rights: ['ADMIN', 'INTEGRATION'],
      }));
    const id = await buildUser(trx, {
      email,
      password: admin.password,
      firstName: 'Administrator',
      lastName: '',
      nric: '',
      userType: 'admin',
      roleIds: [role],
    });
    await writeAudit(trx, [{ actorId: null, entity: 'user', entityId: id, action: 'create', after: { email, roles: [ADMIN_ROLE] } }]);
    return 'created';
  });
}
