import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
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
