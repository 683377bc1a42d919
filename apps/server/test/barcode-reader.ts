import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { ready as zplRenderer } from 'zpl-renderer-js';

/**
 * Reads back what the product prints, offline: ZPL drawn by zpl-renderer-js (Zebrash in WebAssembly),
 * PDF rasterised by poppler's pdftoppm, both decoded by zxing-wasm with its own wasm file (nothing fetched).
 */
const require = createRequire(import.meta.url);
let prepared = false;

function prepare(): void {
  if (prepared) return;
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  prepared = true;
}

export interface ReadCode {
  format: string;
  /** GS1 data as its human-readable interpretation: '(00)106141412345678908'. */
  text: string;
  symbologyIdentifier: string;
}

export async function decodePng(png: Uint8Array): Promise<ReadCode[]> {
  prepare();
  const results = await readBarcodes(png, { formats: ['Code128', 'DataMatrix'], tryHarder: true, maxNumberOfSymbols: 8, textMode: 'HRI' });
  return results.map((r) => ({ format: r.format, text: r.text, symbologyIdentifier: r.symbologyIdentifier }));
}

/** The ZPL label drawn as a PNG at the printer's resolution (8 or 12 dots/mm), 4 × 6 inches. */
export async function zplToPng(zpl: string, dotsPerMm: number): Promise<Uint8Array> {
  const { api } = await zplRenderer;
  return Buffer.from(await api.zplToBase64Async(zpl, 101.6, 152.4, dotsPerMm), 'base64');
}

/** The PDF's first page as a PNG at 300 dpi. */
export function pdfToPng(pdf: Uint8Array): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'label-pdf-'));
  try {
    writeFileSync(join(dir, 'label.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', join(dir, 'label.pdf'), join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
