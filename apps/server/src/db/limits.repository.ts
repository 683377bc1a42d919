import type { Db } from './database.ts';
import type { LoginLimitRow } from './schema.ts';

/**
 * Sign-in and registration limits in the database (decision 0045): every app instance reads and
 * counts the same rows. A failure is one upsert per key, atomic on both databases, so failures that
 * arrive at two instances at once are both counted.
 */

/** The keys' rows that are not forgotten yet at `now`. */
export function liveLimits(db: Db, keys: readonly string[], now: string): Promise<LoginLimitRow[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom('login_limits').selectAll().where('key', 'in', keys).where('forget_at', '>', now).execute();
}

export interface LimitFailure {
  key: string;
  /** 1: forgotten `forgetMs` after its last failure (a backoff); 0: when its window ends. */
  sliding: 0 | 1;
  /** When the key is forgotten if this failure starts it afresh (or, sliding, in any case). */
  forgetAt: string;
}

/**
 * Counts one failure for each key at `now`: a key that is forgotten (or new) starts again at 1, with its
 * window starting now; otherwise its count goes up by one. One statement for all the keys.
 */
export async function countFailures(db: Db, failures: readonly LimitFailure[], now: string): Promise<void> {
  if (failures.length === 0) return;
  await db
    .insertInto('login_limits')
    .values(failures.map((f) => ({ key: f.key, failures: 1, started_at: now, last_at: now, forget_at: f.forgetAt, sliding: f.sliding })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const forgotten = eb('login_limits.forget_at', '<=', eb.ref('excluded.last_at'));
        return {
          failures: eb
            .case()
            .when(forgotten)
            .then(1)
            .else(eb('login_limits.failures', '+', 1))
            .end(),
          started_at: eb.case().when(forgotten).then(eb.ref('excluded.started_at')).else(eb.ref('login_limits.started_at')).end(),
          last_at: eb.ref('excluded.last_at'),
          forget_at: eb
            .case()
            .when(eb.or([forgotten, eb('excluded.sliding', '=', 1)]))
            .then(eb.ref('excluded.forget_at'))
            .else(eb.ref('login_limits.forget_at'))
            .end(),
        };
      }),
    )
    .execute();
}

/** Forgets the keys (a successful sign-in clears its account's failures). */
export async function clearLimits(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('login_limits').where('key', 'in', keys).execute();
}

/** Deletes every row forgotten before `now`: the clean-up. Answers how many. */
export async function deleteForgottenLimits(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('login_limits').where('forget_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
