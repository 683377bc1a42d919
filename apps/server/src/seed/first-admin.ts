import { ADMIN_PASSWORD_MIN, checkPassword, type PasswordPolicy } from '@pharma/domain';
import { DEMO_PASSWORD } from '../config.ts';
import type { Db } from '../db/database.ts';
import { writeAudit } from '../db/audit.ts';
import { buildRole, buildUser, everyModule } from './builders.ts';

const ADMIN_ROLE = 'Administrator';

/** The password rule of every account (decision 0067), with an administrator's 12 characters and never the demo password (0021). */
const ADMIN_PASSWORD_POLICY: PasswordPolicy = { min: ADMIN_PASSWORD_MIN, refused: [DEMO_PASSWORD] };

/** The administrator's password misses the rule: the message names what it needs. Nothing was written. */
export class AdminPasswordRefused extends Error {}

/** Undefined when the password meets the administrator's rule; else the sentence that says what it needs. */
export function adminPasswordRefusal(password: string): string | undefined {
  const check = checkPassword(password, ADMIN_PASSWORD_POLICY);
  return check.ok ? undefined : `The administrator's password is refused. ${check.message}`;
}

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
 * A password that misses the rule (ADMIN_PASSWORD_POLICY) throws AdminPasswordRefused and makes nothing.
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
    const refusal = adminPasswordRefusal(admin.password);
    if (refusal) throw new AdminPasswordRefused(refusal);
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
