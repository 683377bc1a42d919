import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { adminPasswordRefusal, createAdmin } from '../seed/first-admin.ts';

/**
 * `npm run admin:create -- --email you@example.com`: makes an administrator with a password the
 * operator types (read from standard input, so it stays out of the shell history and the process
 * list), on the database the environment names (DATA_DIR or DATABASE_URL). Decision 0021.
 */
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const config = loadConfig();
const email = z.email().safeParse(values.email ?? config.firstAdmin?.email);
if (!email.success) {
  console.error('Usage: npm run admin:create -- --email you@example.com   (the password is read from standard input)');
  process.exit(2);
}
const password = config.firstAdmin?.password ?? (await readPassword());
// The password rule of every account, 12 characters or more and not the demo one (decision 0067); createAdmin checks it again.
const refusal = adminPasswordRefusal(password);
if (refusal) {
  console.error(refusal);
  process.exit(2);
}
const database = openDatabase(config.database, config.audit.key);
try {
  await migrateToLatest(database.db);
  const result = await createAdmin(database.db, { email: email.data, password }, { onlyIfNone: false });
  console.log(result === 'created' ? `Administrator ${email.data} created.` : `${email.data} already has an account: nothing changed.`);
  process.exitCode = result === 'created' ? 0 : 1;
} finally {
  await database.close();
}

async function readPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Password for the administrator: ');
  const line = await rl[Symbol.asyncIterator]().next();
  rl.close();
  return String(line.value ?? '').trim();
}
