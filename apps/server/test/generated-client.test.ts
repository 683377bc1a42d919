import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CLIENT_FILE, generateClientSource } from '../../../scripts/client-generate.ts';

/** Where two texts first part: the line number and each side's line, or undefined when they are the same. */
function firstDifference(committed: string, generated: string): string | undefined {
  if (committed === generated) return undefined;
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, the server's document gives ${JSON.stringify(b[at] ?? '(end of file)')}`;
}

describe('the web client generated from the server (decision 0087)', () => {
  it("is committed as the server's OpenAPI document generates it now", async () => {
    // The server is built in this process, on a temporary SQLite database, and its document turned into
    // types as `npm run client:generate` does; a route renamed, added or given another schema without
    // running it leaves the committed file behind.
    const difference = firstDifference(readFileSync(CLIENT_FILE, 'utf8'), await generateClientSource());
    const file = relative(process.cwd(), CLIENT_FILE);
    expect(difference, `${file} is not what the server's OpenAPI document generates (${difference}): run \`npm run client:generate\``).toBe(
      undefined,
    );
  }, 120_000);
});

describe('no API path typed by hand in the web (decision 0087)', () => {
  const repo = join(import.meta.dirname, '../../..');
  const problems = async (file: string, code: string) => {
    const [result] = await new ESLint({ cwd: repo }).lintText(code, { filePath: join(repo, file) });
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  };
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
