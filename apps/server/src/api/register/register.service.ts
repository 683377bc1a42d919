import { hash } from '@node-rs/argon2';
import { message, SOURCE_LOCALE, validateRegistration, type Locale } from '@pharma/domain';
import type { RegisterRequest } from '@pharma/domain/contract/register';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { Limits, waitSeconds, type WindowPolicy } from '../../lib/rate-limit.ts';
import * as users from '../admin/admin.repository.ts';

/** 10 registration attempts an hour per address, counted across every app instance (decisions 0023, 0045). */
const REGISTRATIONS: WindowPolicy = { kind: 'window', max: 10, windowMs: 60 * 60_000 };

type Refusal = { code: string; message: string; fields: Record<string, { code: string; message: string }> };

/**
 * Self-registration: the spec's form rules again on the server; the account starts with no role.
 * Anonymous, so limited per address, and its answer is the same whether or not the email already has
 * an account (decision 0023): a taken email changes nothing and is only audited.
 */
export class RegisterService {
  private readonly attempts: Limits;

  constructor(private readonly db: Db) {
    this.attempts = new Limits(db);
  }

  async register(
    body: RegisterRequest,
    today: string,
    address: string,
    locale: Locale = SOURCE_LOCALE,
  ): Promise<{ ok: true; user: { email: string } } | { ok: false; error: Refusal }> {
    const key = `register:${address}`;
    const { now, states } = await this.attempts.read([key]);
    const wait = waitSeconds(REGISTRATIONS, states.get(key), now);
    if (wait > 0) throw new AppError(429, 'TOO_MANY_REQUESTS', { seconds: wait }, { 'retry-after': String(wait) });
    await this.attempts.fail([[key, REGISTRATIONS]]);
    const fields = validateRegistration(body, today, locale);
    const first = Object.values(fields)[0];
    if (first) return { ok: false, error: { code: 'REGISTRATION_INVALID', message: message('REGISTRATION_INVALID', {}, locale), fields } };
    const email = body.email.trim().toLowerCase();
    // Hashed before the lookup, so a taken email answers in the same time as a new one.
    const passwordHash = await hash(body.password);
    return this.db.transaction().execute(async (trx) => {
      if (await users.emailExists(trx, email)) {
        await writeAudit(trx, [
          { actorId: null, entity: 'user', entityId: email, action: 'register', reason: 'email already has an account' },
        ]);
        return { ok: true as const, user: { email } };
      }
      const id = newId();
      const row = {
        id,
        email,
        nric: '',
        first_name: body.firstName.trim(),
        last_name: body.lastName.trim(),
        user_type: 'none',
        password_hash: passwordHash,
        disabled: 0,
        created_at: new Date().toISOString(),
      };
      await users.insertUser(trx, row);
      await writeAudit(trx, [
        {
          actorId: id,
          entity: 'user',
          entityId: id,
          action: 'register',
          after: { email, firstName: row.first_name, lastName: row.last_name },
        },
      ]);
      return { ok: true as const, user: { email } };
    });
  }
}
