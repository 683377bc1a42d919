import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';

/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M video of a barcode the
 * project's own generator (bwip-js) draws, so a camera journey needs no real device.
 */

export interface Bitmap {
  width: number;
  height: number;
  /** RGBA, row by row. */
  rgba: Uint8Array;
}

/** The barcode's modules (bwip-js, no image library): dark modules true, row by row. */
export function barcodeModules(bcid: string, text: string): { columns: number; rows: number; dark: (x: number, y: number) => boolean } {
  const [symbol] = bwipjs.raw(bcid, text, {}) as { pixs?: number[]; pixx?: number; pixy?: number }[];
  if (symbol?.pixs === undefined || symbol.pixx === undefined || symbol.pixy === undefined)
    throw new Error(`${bcid} is not a matrix symbol`);
  const { pixs, pixx, pixy } = symbol;
  return { columns: pixx, rows: pixy, dark: (x, y) => pixs[y * pixx + x] === 1 };
}

/** A white frame with the symbol centred, `module` pixels per module. */
export function drawCentred(modules: ReturnType<typeof barcodeModules>, width: number, height: number, module: number): Bitmap {
  const rgba = new Uint8Array(width * height * 4).fill(255);
  const left = Math.floor((width - modules.columns * module) / 2);
  const top = Math.floor((height - modules.rows * module) / 2);
  for (let y = 0; y < modules.rows * module; y++) {
    for (let x = 0; x < modules.columns * module; x++) {
      if (!modules.dark(Math.floor(x / module), Math.floor(y / module))) continue;
      const i = ((top + y) * width + left + x) * 4;
      rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
    }
  }
  return { width, height, rgba };
}

/** RGB to Y'CbCr 4:2:0 (BT.601, studio range), chroma averaged over each 2x2 block. */
export function toI420({ width, height, rgba }: Bitmap): Uint8Array {
  const cw = width / 2;
  const ch = height / 2;
  const out = new Uint8Array(width * height + 2 * cw * ch);
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  for (let i = 0; i < width * height; i++) {
    const r = rgba[i * 4]!,
      g = rgba[i * 4 + 1]!,
      b = rgba[i * 4 + 2]!;
    out[i] = clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 4;
        r += rgba[i]!;
        g += rgba[i + 1]!;
        b += rgba[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      out[width * height + y * cw + x] = clamp(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
      out[width * height + cw * ch + y * cw + x] = clamp(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
    }
  }
  return out;
}

/** A YUV4MPEG2 file: the header, then `frames` identical frames. */
export function y4m(bitmap: Bitmap, frames = 10, fps = 10): Buffer {
  const frame = toI420(bitmap);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${bitmap.width} H${bitmap.height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), Buffer.from(frame));
  return Buffer.concat(parts);
}

/**
 * Writes a fake camera video of a GS1 DataMatrix to a temp file and answers its path.
 * `elementString` is in bwip-js's GS1 syntax, `(01)…(17)…(10)…(21)…`: the symbol starts with
 * FNC1, so a reader reports `]d2` and GS between variable-length fields.
 */
export function gs1DataMatrixVideo(elementString: string, { width = 640, height = 480, module = 9 } = {}): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pharma-fake-camera-')), 'datamatrix.y4m');
  writeFileSync(file, y4m(drawCentred(barcodeModules('gs1datamatrix', elementString), width, height, module)));
  return file;
}

/** Chromium flags for a camera that shows `file` and is allowed without asking. */
export function fakeCameraArgs(file: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${file}`];
}
