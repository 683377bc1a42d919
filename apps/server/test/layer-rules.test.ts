import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server's layer rules of .dependency-cruiser.mjs (decision 0088), run on a small tree written for
// the test under the same paths: a rule that stops firing (a wrong pattern, kysely no longer resolved
// in node_modules) fails here instead of passing in silence.
const repo = join(import.meta.dirname, '../../..');
let base: string;

const files: Record<string, string> = {
  'apps/server/src/db/schema.ts': 'export interface UnitRow { id: string }',
  'apps/server/src/db/database.ts': 'export type Db = { kind: string };\nexport const answers = () => true;',
  'apps/server/src/api/demo/demo.repository.ts': [
    "import { sql } from 'kysely';",
    "import type { UnitRow } from '../../db/schema.ts';",
    'export type { UnitRow };',
    'export const units = sql`SELECT id FROM handling_units`;',
  ].join('\n'),
  'apps/server/src/api/demo/demo.service.ts': [
    "import { units, type UnitRow } from './demo.repository.ts';",
    'export const first = (rows: UnitRow[]) => [units, rows[0]];',
  ].join('\n'),
  'apps/server/src/api/demo/demo.routes.ts': [
    "import type { Db } from '../../db/database.ts';",
    "import { first } from './demo.service.ts';",
    'export const route = (db: Db) => [db, first([])];',
  ].join('\n'),
  // Each below breaks one rule.
  'apps/server/src/api/demo/reads.routes.ts': "import { units } from './demo.repository.ts';\nexport const r = units;",
  'apps/server/src/api/demo/sql.routes.ts': "import { sql } from 'kysely';\nexport const r = sql`SELECT 1`;",
  'apps/server/src/api/demo/probe.routes.ts': "import { answers } from '../../db/database.ts';\nexport const r = answers;",
  'apps/server/src/api/demo/helper.ts': "import { sql } from 'kysely';\nexport const q = sql`SELECT 1`;",
  'apps/server/src/api/demo/rows.service.ts': "import type { UnitRow } from '../../db/schema.ts';\nexport const id = (u: UnitRow) => u.id;",
  'apps/server/src/api/demo/upward.repository.ts': "import { first } from './demo.service.ts';\nexport const u = first;",
};

let violations: { from: string; to: string; rule: string }[];

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'layer-rules-'));
  symlinkSync(join(repo, 'node_modules'), join(base, 'node_modules'), 'dir');
  for (const [path, code] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), `${code}\n`);
  }
  const config = (await import(pathToFileURL(join(repo, '.dependency-cruiser.mjs')).href)).default as IConfiguration;
  const { cache: _cache, ...options } = config.options!;
  const { output } = await cruise(['apps'], { ...options, baseDir: base, ruleSet: { forbidden: config.forbidden }, validate: true });
  violations = (output as ICruiseResult).summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name }));
}, 60_000);

afterAll(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

const of = (file: string) => violations.filter((v) => v.from === `apps/server/src/api/demo/${file}`).map((v) => v.rule);

describe('server layers', () => {
  it('lets a route call a service, a service a repository, and a repository use Kysely and the row types', () => {
    for (const file of ['demo.routes.ts', 'demo.service.ts', 'demo.repository.ts']) expect(of(file)).toEqual([]);
  });

  it('refuses a route file that reads a repository, runs Kysely or calls db/', () => {
    expect(of('reads.routes.ts')).toEqual(['server-routes-call-services']);
    expect(of('sql.routes.ts')).toContain('server-routes-call-services');
    expect(of('probe.routes.ts')).toEqual(['server-routes-hold-no-database']);
  });

  it('refuses Kysely or a row type of db/schema.ts outside a repository', () => {
    expect(of('helper.ts')).toEqual(['server-sql-in-repositories']);
    expect(of('rows.service.ts')).toEqual(['server-sql-in-repositories']);
  });

  it('refuses a repository that calls a service', () => {
    expect(of('upward.repository.ts')).toEqual(['server-repositories-call-no-service']);
  });
});
