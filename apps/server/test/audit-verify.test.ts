import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealAudit } from '../src/db/audit.ts';
import { auditVerify, envOf } from './audit-attacker.ts';
import { createPostgresDatabase, DATABASES, startTestApp, type TestApp } from './harness.ts';

/** No stack: a line starting with "at " (a frame) or an error's class name. */
function oneSentence(out: { stderr: string }): void {
  expect(out.stderr).not.toMatch(/^\s+at /m);
  expect(out.stderr).not.toMatch(/Error:|node:internal/);
  expect(out.stderr.trim().split('\n')).toHaveLength(1);
}

/** `npm run audit:verify` answers every outcome with one sentence and an exit code, never a stack (issue 26). */
describe('audit:verify on a database it cannot check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pharma-verify-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = (dataDir: string, more: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    AUDIT_KEY: 'verify-key-verify-key-verify-key-0123',
    ...more,
  });

  it('no database where DATA_DIR points', async () => {
    const out = await auditVerify(env(join(dir, 'nothing')));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^There is no database at .*warehouse\.sqlite: set DATA_DIR \(or DATABASE_URL\) to the site's\.\n$/);
    oneSentence(out);
  });

  it('a file that is not a database', async () => {
    const dataDir = join(dir, 'garbage');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'warehouse.sqlite'), 'not a database, just text '.repeat(200));
    const out = await auditVerify(env(dataDir));
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('Cannot check the audit trail: file is not a database.\n');
    oneSentence(out);
  });

  it('a database with no audit trail', async () => {
    const dataDir = join(dir, 'empty');
    mkdirSync(dataDir);
    new SQLite(join(dataDir, 'warehouse.sqlite')).exec('CREATE TABLE other (id integer)');
    const out = await auditVerify(env(dataDir));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^The database has no audit trail \(no such table: audit_log\): is it this app's database, migrated\?\n$/);
    oneSentence(out);
  });

  it('a bad setting', async () => {
    const out = await auditVerify(env(join(dir, 'nothing'), { AUDIT_KEY: 'short' }));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^Cannot check the audit trail: Invalid environment: AUDIT_KEY: must be at least 32 characters/);
    oneSentence(out);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL that does not answer, or a database without the app', async () => {
    const refused = await auditVerify(env(dir, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/pharma' }));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^Cannot check the audit trail: .*ECONNREFUSED.*\.\n$/);
    oneSentence(refused);

    const empty = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'pharma_noaudit');
    try {
      const out = await auditVerify(env(dir, { DATABASE_URL: empty.url }));
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(
        'The database has no audit trail (relation "audit_log" does not exist): is it this app\'s database, migrated?\n',
      );
      oneSentence(out);
    } finally {
      await empty.drop();
    }
  });
});

describe.each(DATABASES)('audit:verify on an intact trail on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await sealAudit(t.database.db, { file: t.config.audit.headFile });
  });
  afterAll(() => t?.close());

  it('says it is intact, how many rows and how many heads written outside it compared; exit 0', async () => {
    const out = await auditVerify(envOf(t.config));
    expect(out.stderr).toBe('');
    expect(out.stdout).toMatch(
      /^Audit chain intact: \d+ rows chained, \d+ written since the last seal; [1-9]\d* heads? of .*audit-heads\.log compared\.\n$/,
    );
    expect(out.code).toBe(0);
  });

  it('with another key than the server signs with: a sentence saying so, exit 2', async () => {
    const out = await auditVerify({ ...envOf(t.config), AUDIT_KEY: 'not-the-servers-key-not-the-servers-key' });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /no row is signed with this key, from row 1 \(.*\) on: AUDIT_KEY or AUDIT_KEY_FILE is not the key the server signs with/,
    );
    oneSentence(out);
  });

  it('with --heads naming a file that is not there: a sentence, exit 2', async () => {
    const out = await auditVerify(envOf(t.config), ['--heads', join(t.config.dataDir, 'no-such-file.log')]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^There is no head file at .*no-such-file\.log\.\n$/);
  });
});

/** The README's example does what it says: its forged row is found, in the words the README shows. */
describe("the README's audit example", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## The audit trail'), readme.indexOf('## Integration'));
  /** A line the README shows, with its counts, row number and path left open. */
  const shown = (start: string) => {
    const line = section.split('\n').find((l) => l.startsWith(start))!;
    const pattern = line
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\d+/g, '\\d+')
      .replace(/\/\S+\/audit-heads\\\.log/, '\\S+/audit-heads\\.log')
      .replace(/ heads? of /, ' heads? of ');
    return new RegExp(`^${pattern.replace('01990000-0000-7000-8000-00000000f0a\\d+', '01990000-0000-7000-8000-00000000f0a1')}\\n$`);
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await sealAudit(t.database.db, { file: t.config.audit.headFile });
  });
  afterAll(() => t?.close());

  it('an intact trail, then the row the README inserts with sqlite3 is named as not signed by the server', async () => {
    const intact = await auditVerify(envOf(t.config));
    expect(intact.stdout).toMatch(shown('Audit chain intact'));

    const command = /sqlite3 data\/warehouse\.sqlite "((?:[^"\\]|\\.)*)"/.exec(section)![1]!.replaceAll('\\"', '"');
    await sql.raw(command).execute(t.database.db);
    await sealAudit(t.database.db);
    const forged = await auditVerify(envOf(t.config));
    expect(forged.code).toBe(1);
    expect(forged.stderr).toMatch(shown('Audit chain BROKEN'));
  });
});
