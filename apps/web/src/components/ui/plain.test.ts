import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('plain.tsx', () => {
  it('names only classes that are in the installed Mantine stylesheet', () => {
    const stylesheet = readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8');
    const source = readFileSync(new URL('./plain.tsx', import.meta.url), 'utf8');
    const names = [...new Set(source.match(/\bm_[0-9a-f]{6,8}\b/g))];
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !stylesheet.includes(`.${name}`))).toEqual([]);
  });
});
