import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_FILE, generateClientSource } from '../../../scripts/client-generate.ts';
import { checkedSchema, CONTRACT_DIR, generateContractSources } from '../../../scripts/web-contract.ts';

/** Where two texts first part: the line number and each side's line, or undefined when they are the same. */
function firstDifference(committed: string, generated: string, source = "the server's document"): string | undefined {
  if (committed === generated) return undefined;
  const a = committed.split('\n');
  const b = generated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '(end of file)')}, ${source} gives ${JSON.stringify(b[at] ?? '(end of file)')}`;
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

  it("checks answers with the contract's schemas as they are now (decision 0089)", async () => {
    // lib/api/contract/<module>.ts: each schema the web checks, written from the contract's zod schema; a
    // schema changed, or a module the web no longer takes anything from, without running it leaves them behind.
    const generated = await generateContractSources();
    const committed = readdirSync(CONTRACT_DIR).map((name) => join(CONTRACT_DIR, name));
    expect(committed.sort()).toEqual([...generated.keys()].sort());
    for (const [file, source] of generated) {
      const difference = firstDifference(readFileSync(file, 'utf8'), source, 'the contract');
      expect(
        difference,
        `${relative(process.cwd(), file)} is not what the contract generates (${difference}): run \`npm run client:generate\``,
      ).toBe(undefined);
    }
  });

  it('refuses to write a schema whose check would pass what zod refuses', () => {
    // The web's check reads JSON Schema: a refinement, a regular expression's flags or a keyword it does not read would be lost.
    expect(() => checkedSchema(z.object({ no: z.string().refine((v) => v !== 'x') }), 'Refined')).toThrow(
      /Refined at \/properties\/no: a refinement/,
    );
    expect(() => checkedSchema(z.string().regex(/^a$/i), 'Flagged')).toThrow(/has flags/);
    expect(() => checkedSchema(z.tuple([z.string(), z.number()]), 'Pair')).toThrow(/Pair: the keyword 'prefixItems'/);
    expect(checkedSchema(z.object({ at: z.string().nullable().describe('when') }), 'Kept')).toEqual({
      type: 'object',
      properties: { at: { type: ['string', 'null'] } },
      required: ['at'],
    });
  });
});
