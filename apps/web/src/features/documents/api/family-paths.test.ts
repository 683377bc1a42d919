import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAMILIES, LITE_FAMILIES, liteFamilyOf, type Family } from '@pharma/domain';

/**
 * The paths the family registry names are data, so TypeScript cannot check them where the documents
 * feature calls them (get-document-list.ts, get-document.ts, complete-document.ts cast them to the
 * generated paths' `ListPath`, `DetailsPath` and `CompletePath`). This checks each path the web builds
 * from an entry against the client generated from the server's OpenAPI document (decision 0087).
 */
const schema = readFileSync(new URL('../../../lib/api/schema.ts', import.meta.url), 'utf8');

/** Each path of the generated document with its methods: `"/api/ibdList": {` then `get: {` (an absent method is `get?: never`). */
function generatedOperations(): Set<string> {
  const operations = new Set<string>();
  let path: string | undefined;
  for (const line of schema.split('\n')) {
    const pathLine = /^ {4}"(\/[^"]+)": \{$/.exec(line);
    if (pathLine) path = pathLine[1];
    const methodLine = /^ {8}(get|post|put|patch|delete): \{$/.exec(line);
    if (path && methodLine) operations.add(`${methodLine[1]!.toUpperCase()} ${path}`);
  }
  return operations;
}

/** The calls the web makes from a family's entry, as the documents feature builds them. */
function familyCalls(family: Family): string[] {
  const calls = [`GET ${family.api.list}`];
  if (liteFamilyOf(family.module)) calls.push(`GET ${family.api.details}`);
  else if (!family.stockTake) calls.push(`GET ${family.api.details}/{${family.api.details.split('/').pop()}}`);
  if (family.complete.path && family.complete.field) calls.push(`POST ${family.complete.path}`);
  return calls;
}

describe("the family registry's paths (decision 0087)", () => {
  const operations = generatedOperations();
  const families: Family[] = [...FAMILIES, ...LITE_FAMILIES.map((lite) => lite.family)];

  it('reads the generated document', () => {
    expect(operations.has('GET /api/me')).toBe(true);
    expect(operations.has('POST /api/me')).toBe(false);
  });

  it.each(families.map((family) => [family.type, family] as const))('%s: every path the web calls is a path of the server', (_, family) => {
    for (const call of familyCalls(family)) expect(operations, call).toContain(call);
  });
});
