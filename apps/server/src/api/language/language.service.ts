import { isLocale, type Locale } from '@pharma/domain';
import type { UserLanguage } from '@pharma/domain/contract/auth';
import type { Db } from '../../db/database.ts';
import { writeAudit } from '../../db/audit.ts';
import * as repo from './language.repository.ts';

/**
 * The signed-in user's own language for the product's messages (issue 33, decision 0090): read, and set
 * by the user alone (the route has no user id: it is always the caller's). A change is audited on the
 * user with the language before and after; `changed` forgets cached sessions, so the next answer is in it.
 */
export class LanguageService {
  constructor(
    private readonly db: Db,
    private readonly changed: () => void,
  ) {}

  async get(userId: string): Promise<UserLanguage> {
    const language = await repo.userLanguage(this.db, userId);
    return { language: isLocale(language) ? language : null };
  }

  async set(userId: string, language: Locale | null): Promise<UserLanguage> {
    const before = await this.db.transaction().execute(async (trx) => {
      const old = (await repo.userLanguage(trx, userId)) ?? null;
      if (old === language) return old;
      await repo.setUserLanguage(trx, userId, language);
      await writeAudit(trx, [
        { actorId: userId, entity: 'user', entityId: userId, action: 'update', before: { language: old }, after: { language } },
      ]);
      return old;
    });
    if (before !== language) this.changed();
    return { language };
  }
}
