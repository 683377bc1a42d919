import type { Kysely } from 'kysely';

// Frozen in time. The language a user chose for the product's messages (issue 33, decision 0090):
// users.language, a BCP 47 tag of a language the product speaks ('en', 'zh-Hans', 'ms'); null (every
// existing user) when none is chosen, and the answer follows the request's Accept-Language.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations never import the app's schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('The user language migration is not reversible.');
}
