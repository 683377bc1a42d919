import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
// The reader's wasm, emitted into dist/assets and served by our own server: no CDN, works offline.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { CameraFormat } from './formats.ts';
import { scannerText } from './scanner-text.ts';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path),
  },
});

/**
 * Decodes one frame with zxing-cpp (WebAssembly). `Plain` text keeps GS for FNC1 separators and
 * the symbology identifier (`]d2`, `]C1` ...) says what a leading FNC1 meant: together they are
 * exactly what a hardware scanner transmits. Answers scanner texts, preferred format first.
 */
export async function decodeImage(image: ImageData, formats: readonly CameraFormat[]): Promise<string[]> {
  const options: ReaderOptions = { formats: [...formats], textMode: 'Plain', tryHarder: true, tryInvert: false, maxNumberOfSymbols: 4 };
  const results = await readBarcodes(image, options);
  const rank = (symbology: string) => {
    const i = formats.indexOf(symbology as CameraFormat);
    return i < 0 ? formats.length : i;
  };
  return results
    .filter((r) => r.isValid && r.text !== '')
    .sort((a, b) => rank(a.symbology) - rank(b.symbology))
    .map((r) => scannerText(r.symbologyIdentifier, r.text));
}

/** Pixels of a bitmap, read on whatever thread calls it (the worker's OffscreenCanvas, or a canvas). */
export function pixelsOf(bitmap: ImageBitmap): ImageData {
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(bitmap.width, bitmap.height)
      : Object.assign(document.createElement('canvas'), { width: bitmap.width, height: bitmap.height });
  const context = canvas.getContext('2d', { willReadFrequently: true }) as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (context === null) throw new Error('no 2d context');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return context.getImageData(0, 0, canvas.width, canvas.height);
}
