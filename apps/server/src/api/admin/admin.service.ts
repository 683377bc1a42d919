import { hash } from '@node-rs/argon2';
import { checkPassword, invalidGrant, LOCALES, offersModule, type Registry } from '@pharma/domain';
import type { AdminUser, CreateUserBody, Role, RoleBody, UpdateUserBody } from '@pharma/domain/contract/admin';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './admin.repository.ts';

/** Users and roles: every change in one transaction with its audit row (who, when, before, after). */
export class AdminService {
  /** `changed` runs after every committed change, so cached permission trees are dropped at once. */
  constructor(
    private readonly db: Db,
    /** The families whose modules a role may be granted (decision 0085): the server's, given to buildApp. */
    private readonly registry: Registry,
    private readonly changed: () => void = () => {},
  ) {}

  listUsers(): Promise<AdminUser[]> {
    return repo.listUsers(this.db);
  }

  listRoles(): Promise<Role[]> {
    return repo.listRoles(this.db);
  }

  async createUser(actorId: string, body: CreateUserBody): Promise<AdminUser> {
    refuseWeakPassword(body.password);
    const passwordHash = await hash(body.password);
    return this.commit(async (trx) => {
      if (await repo.emailExists(trx, body.email)) throw new AppError(409, 'EMAIL_TAKEN');
      await this.checkRoles(trx, body.roleIds);
      const id = newId();
      await repo.insertUser(trx, {
        id,
        email: body.email,
        nric: body.nric,
        first_name: body.firstName,
        last_name: body.lastName,
        user_type: body.user_type,
        password_hash: passwordHash,
        disabled: 0,
        created_at: new Date().toISOString(),
      });
      await repo.setUserRoles(trx, id, body.roleIds);
      const after = (await repo.getUser(trx, id))!;
      await writeAudit(trx, [{ actorId, entity: 'user', entityId: id, action: 'create', after }]);
      return after;
    });
  }

  /**
   * Disabling a user, or setting their password, ends their sessions at once: every refresh token
   * family is revoked. A new password meets the one rule (decision 0067); its hash is never audited.
   */
  async updateUser(actorId: string, id: string, body: UpdateUserBody): Promise<AdminUser> {
    if (body.password !== undefined) refuseWeakPassword(body.password);
    const passwordHash = body.password !== undefined ? await hash(body.password) : undefined;
    return this.commit(async (trx) => {
      const before = await repo.getUser(trx, id);
      if (!before) throw new AppError(404, 'NOT_FOUND');
      if (body.disabled && id === actorId) throw new AppError(422, 'CANNOT_DISABLE_SELF');
      const set: { disabled?: number; user_type?: string } = {};
      if (body.disabled !== undefined) set.disabled = body.disabled ? 1 : 0;
      if (body.user_type !== undefined) set.user_type = body.user_type;
      await repo.updateUser(trx, id, set);
      if (body.roleIds) {
        await this.checkRoles(trx, body.roleIds);
        await repo.setUserRoles(trx, id, body.roleIds);
      }
      if (passwordHash) await repo.setPasswordHash(trx, id, passwordHash);
      if (body.disabled || passwordHash) await repo.revokeUserSessions(trx, id, new Date().toISOString());
      const after = (await repo.getUser(trx, id))!;
      const reason = passwordHash ? 'password set by an administrator' : undefined;
      await writeAudit(trx, [{ actorId, entity: 'user', entityId: id, action: 'update', before, after, reason }]);
      return after;
    });
  }

  async saveRole(actorId: string, id: string | undefined, body: RoleBody): Promise<Role> {
    checkGrants(this.registry, body);
    return this.commit(async (trx) => {
      const existing = id ? (await repo.listRoles(trx, id))[0] : undefined;
      if (id && !existing) throw new AppError(404, 'NOT_FOUND');
      if (await repo.roleNameTaken(trx, body.name, id)) throw new AppError(409, 'ROLE_NAME_TAKEN');
      const role: Role = { ...body, id: id ?? newId() };
      await repo.saveRole(trx, role, !existing);
      await writeAudit(trx, [
        { actorId, entity: 'role', entityId: role.id, action: existing ? 'update' : 'create', before: existing, after: role },
      ]);
      return role;
    });
  }

  private async commit<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(work);
    this.changed();
    return result;
  }

  private async checkRoles(db: Db, roleIds: string[]): Promise<void> {
    const found = await repo.existingRoleIds(db, roleIds);
    const missing = roleIds.find((r) => !found.includes(r));
    if (missing) throw new AppError(422, 'UNKNOWN_ROLE', { role: missing });
  }
}

/** A password that misses the rule is refused with the rule's sentence and what it needs; nothing is written. */
function refuseWeakPassword(password: string): void {
  if (checkPassword(password).ok) return;
  // The refusal in each language, worked out now: the password is not kept in the error.
  const texts = new Map(LOCALES.map((locale) => [locale, (checkPassword(password, {}, locale) as { message: string }).message]));
  throw new AppError(422, 'PASSWORD_CRITERIA', {}, {}, (locale) => texts.get(locale)!);
}

/** Granting a module outside its area (of the registry's), or a feature or action the module does not have, is refused. */
function checkGrants(registry: Registry, body: RoleBody): void {
  for (const app of body.applications) {
    for (const grant of app.modules) {
      if (!offersModule(registry, app.application, grant.module)) {
        throw new AppError(422, 'GRANT_NOT_AVAILABLE', { grant: `${app.application}/${grant.module}` });
      }
      const bad = invalidGrant(grant, registry);
      if (bad) throw new AppError(422, 'GRANT_NOT_AVAILABLE', { grant: `${app.application}/${bad}` });
    }
  }
}
