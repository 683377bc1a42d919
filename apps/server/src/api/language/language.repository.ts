import type { Db } from '../../db/database.ts';

/** A user's own language for the product's messages (users.language, migration 0040). SQL only. */
export async function userLanguage(db: Db, userId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language;
}

export async function setUserLanguage(db: Db, userId: string, language: string | null): Promise<void> {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}
