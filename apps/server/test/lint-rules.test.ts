import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The rules in eslint.config.js that guard the layout, run through ESLint's Node API on code
// that never touches the disk: a rule that stops firing (a wrong glob, an import the resolver
// no longer finds) fails here instead of passing in silence.
const repo = join(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repo });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repo, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('family-neutral engine', () => {
  const scans = 'apps/server/src/api/scans/lint-fixture.ts';
  const documents = 'apps/web/src/features/documents/lint-fixture.tsx';

  it.each([scans, documents])('refuses a family named by a string in %s', async (file) => {
    expect(await problems(file, "export const isDispatch = (type: string) => type === 'OBD';")).toEqual(['no-restricted-syntax']);
    expect(await problems(file, 'export const path = (id: string) => `/documents/${id}/RMA`;')).toEqual([]);
    expect(await problems(file, 'export const key = `RETURN`;')).toEqual(['no-restricted-syntax']);
  });

  it.each([scans, documents])('refuses a family entry imported by name in %s', async (file) => {
    expect(await problems(file, "import { dispatch } from '@pharma/domain';\nexport const f = dispatch;")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it.each([scans, documents])('lets the engine read the family it is given in %s', async (file) => {
    const code = [
      "import { familyOf, type Family } from '@pharma/domain';",
      'export const isType = (family: Family, type: string) => family.type === type;',
      "export const find = (type: string) => familyOf(type) ?? 'unknown family';",
    ].join('\n');
    expect(await problems(file, code)).toEqual([]);
  });

  it('refuses a family or a lite module named anywhere in the web, its tests aside (decision 0086)', async () => {
    const web = 'apps/web/src/lib/lint-fixture.ts';
    const named = ['no-restricted-syntax', 'no-restricted-syntax'];
    expect(await problems(web, "export const LOCAL_DISPATCH = ['OBD', 'SCANLITE'];")).toEqual(named);
    expect(await problems('apps/web/src/components/ui/lint-fixture.tsx', "export const module = 'DISPATCH+';")).toEqual([
      'no-restricted-syntax',
    ]);
    const neutral = "import { familyOf } from '@pharma/domain';\nexport const f = (p: string) => familyOf(p)?.module;";
    expect(await problems(web, neutral)).toEqual([]);
    expect(await problems('apps/web/src/lib/lint-fixture.test.ts', "export const type = 'OBD';")).toEqual([]);
  });

  it('refuses a family or its module named anywhere in the server, its seed data, migrations and tests aside (decision 0085)', async () => {
    const redress = 'apps/server/src/api/redress/lint-fixture.ts';
    expect(await problems(redress, "export const need = { module: 'REDRESS', action: 'EditBprNo' };")).toEqual(['no-restricted-syntax']);
    expect(await problems('apps/server/src/api/integration/lint-fixture.ts', "export const type = 'IBD';")).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await problems('apps/server/src/plugins/lint-fixture.ts', "export const modules = ['REDRESS+', 'STOCKTAKE'];")).toEqual([
      'no-restricted-syntax',
      'no-restricted-syntax',
    ]);
    expect(await problems(redress, "import { redress } from '@pharma/domain';\nexport const f = redress;")).toEqual([
      'no-restricted-imports',
    ]);
    expect(await problems('apps/server/src/seed/lint-fixture.ts', "export const type = 'RRD';")).toEqual([]);
    expect(await problems('apps/server/src/db/migrations/lint-fixture.ts', "export const type = 'RRD';")).toEqual([]);
    // SQL's count is no family: only the exact codes are.
    expect(await problems('apps/server/src/api/reports/lint-fixture.ts', "export const f = 'count';")).toEqual([]);
  });

  it('leaves the registry free to name families', async () => {
    expect(await problems('packages/domain/src/families/lint-fixture.ts', "export const type = 'OBD';")).toEqual([]);
  });
});

describe('one-way web imports', () => {
  it.each([
    ['components/ui/lint-fixture.tsx', "import { AdminPage } from '../../features/admin/index.ts';"],
    ['lib/lint-fixture.ts', "import type { routes } from '../app/router.tsx';"],
    ['config/lint-fixture.ts', "export const load = () => import('../features/admin/index.ts');"],
    ['features/auth/lint-fixture.ts', "import { searchTarget } from '../search/search-target.ts';"],
    ['features/auth/lint-fixture.ts', "import { App } from '../../app/app.tsx';"],
  ])('refuses %s importing the wrong way', async (file, code) => {
    expect(await problems(`apps/web/src/${file}`, `${code}\nexport {};`)).toContain('import-x/no-restricted-paths');
  });

  it.each([
    [
      'features/auth/lint-fixture.ts',
      "import { validateLogin } from './validate-login.ts';\nimport { api } from '../../lib/api-client.ts';",
    ],
    ['app/lint-fixture.ts', "import { AdminPage } from '../features/admin/index.ts';\nimport { can } from '../lib/can.ts';"],
  ])('lets %s import within its feature, from shared code, and app/ import anything', async (file, code) => {
    expect(await problems(`apps/web/src/${file}`, code)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('no API path typed by hand in the web (decision 0087)', () => {
  const web = 'apps/web/src/features/search/lint-fixture.ts';

  it('refuses a path written as a string or a template anywhere but the path of a typed call', async () => {
    expect(await problems(web, "export const path = '/api/getWarehouses';")).toEqual(['web/typed-api-paths']);
    expect(await problems(web, 'export const path = (code: string) => `/api/searchSSCC/${code}`;')).toEqual(['web/typed-api-paths']);
    expect(await problems(web, "export const f = () => fetch('/api/me');")).toEqual(['web/typed-api-paths']);
    expect(await problems('apps/web/src/lib/lint-fixture.tsx', "export const a = <a href={'/api/docs'}>docs</a>;")).toEqual([
      'web/typed-api-paths',
    ]);
  });

  it('lets a typed call, a URL built by apiUrl, a type and a test name the path', async () => {
    const code = [
      "import { api } from '../../lib/api-client.ts';",
      "import { apiUrl } from '../../lib/api/paths.ts';",
      "export const me = () => api.get('/api/me');",
      'export const report = (name: string) => api.get(`/api/reports/${name}`);',
      "export const link = apiUrl('/api/sso/start', { query: { area: 'rdc' } });",
      "export type Lite = '/api/lite/getDocumentDetails';",
    ].join('\n');
    expect(await problems(web, code)).toEqual([]);
    expect(await problems('apps/web/src/features/search/lint-fixture.test.ts', "export const path = '/api/me';")).toEqual([]);
  });
});
