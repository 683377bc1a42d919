import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./decode.ts', import.meta.url));

function run(input: string, args: string[] = []) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', CLI, '--today', '2026-11-22', ...args], { input, encoding: 'utf8' });
  const raw = result.stdout.trim().split('\n');
  return { status: result.status, raw, lines: raw.map((l) => JSON.parse(l)), stderr: result.stderr };
}

describe('npm run -s decode (the support tool)', () => {
  it('writes one JSON object per input line, in order, and exits 0 at the end of input; bad lines do not stop it', () => {
    const { status, lines, raw } = run(
      [
        ']d2\u001d0109506000134352172712311010ABC\u001d21XYZ',
        'garbage ☃',
        '(00)106141412345678908',
        'https://id.gs1.org/01/09506000134352/10/ABC123/21/XYZ?17=271231',
        '0109506000134353',
      ].join('\n') + '\n',
    );
    expect(status).toBe(0);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      ok: true,
      symbology: ']d2',
      gtin: '09506000134352',
      expiry: '2027-12-31',
      batch: '10ABC',
      serial: 'XYZ',
      sscc: null,
    });
    // The AIs come in scan order (JSON.parse would reorder integer-like keys, so read the text).
    expect(raw[0]).toContain('"ai":{"01":"09506000134352","17":"271231","10":"10ABC","21":"XYZ"}');
    expect(lines[1]).toMatchObject({ ok: false, code: expect.any(String), message: expect.any(String) });
    expect(lines[2]).toMatchObject({ ok: true, sscc: '106141412345678908' });
    expect(lines[3]).toMatchObject({ ok: true, batch: 'ABC123', serial: 'XYZ', expiry: '2027-12-31' });
    expect(lines[4]).toMatchObject({ ok: false, code: 'GS1_BAD_CHECK_DIGIT' });
  });

  it('reads textual separators as a keyboard-wedge scanner types them, and applies the unit rule', () => {
    const { lines } = run('0109506000134352<GS>21XYZ\n0109506000134352\n', ['--unit', 'EA']);
    expect(lines[0]).toMatchObject({ ok: true, serial: 'XYZ' });
    expect(lines[1]).toMatchObject({ ok: false });
  });
});
