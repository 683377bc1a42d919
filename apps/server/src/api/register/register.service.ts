import { hash } from '@node-rs/argon2';
import { message, validateRegistration } from '@pharma/domain';
import type { RegisterRequest } from '@pharma/domain/contract/register';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as users from '../admin/admin.repository.ts';

type Refusal = { code: string; message: string; fields: Record<string, { code: string; message: string }> };

/** Self-registration: the spec's form rules again on the server; the account starts with no role. */
export class RegisterService {
  constructor(private readonly db: Db) {}

  async register(
    body: RegisterRequest,
    today: string,
  ): Promise<{ ok: true; user: { id: string; email: string } } | { ok: false; error: Refusal }> {
    const fields = validateRegistration(body, today);
    const first = Object.values(fields)[0];
    if (first) return { ok: false, error: { code: 'REGISTRATION_INVALID', message: message('REGISTRATION_INVALID'), fields } };
    const email = body.email.trim().toLowerCase();
    const passwordHash = await hash(body.password);
    return this.db.transaction().execute(async (trx) => {
      if (await users.emailExists(trx, email)) throw new AppError(409, 'EMAIL_TAKEN');
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
      return { ok: true as const, user: { id, email } };
    });
  }
}
